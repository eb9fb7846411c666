import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { writeNewer } from '@/lib/query-client';

/** A query whose fetches answer, in turn, what the test hands each one. */
function controlledQuery() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const pending: ((value: string) => void)[] = [];
  const key = ['meeting'];
  const observer = new QueryObserver<string>(client, {
    queryKey: key,
    queryFn: () => new Promise<string>((resolve) => pending.push(resolve)),
  });
  const unsubscribe = observer.subscribe(() => undefined);
  return { client, key, pending, unsubscribe };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('writeNewer', () => {
  it('keeps an older answer still in flight from landing on top of a newer one', async () => {
    const { client, key, pending, unsubscribe } = controlledQuery();
    pending.shift()?.('planned');
    await settle();
    expect(client.getQueryData(key)).toBe('planned');

    // A poll is asked while the meeting is still planned; then the start's reply arrives.
    void client.refetchQueries({ queryKey: key });
    await settle();
    const stalePoll = pending.shift();
    writeNewer<string>(client, key, () => 'in_progress');
    expect(client.getQueryData(key)).toBe('in_progress');
    stalePoll?.('planned');
    await settle();
    // The stale poll was replaced by a new fetch, which answers what the server holds now.
    pending.shift()?.('in_progress');
    await settle();
    expect(client.getQueryData(key)).toBe('in_progress');
    unsubscribe();
  });

  it('only writes when nothing is in flight', async () => {
    const { client, key, pending, unsubscribe } = controlledQuery();
    pending.shift()?.('planned');
    await settle();
    writeNewer<string>(client, key, () => 'in_progress');
    await settle();
    expect(client.getQueryData(key)).toBe('in_progress');
    expect(pending).toHaveLength(0);
    unsubscribe();
  });
});
