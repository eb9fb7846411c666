import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { forgetOnceUnobserved, writeNewer } from '@/lib/query-client';

/** A query whose fetches answer, in turn, what the test hands each one. */
function controlledQuery() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const pending: ((value: string) => void)[] = [];
  const key = ['meeting'];
  const options = {
    queryKey: key,
    queryFn: () => new Promise<string>((resolve) => pending.push(resolve)),
  };
  const observer = new QueryObserver<string>(client, options);
  const unsubscribe = observer.subscribe(() => undefined);
  /** What a re-render of the page does. */
  const rerender = () => observer.setOptions(options);
  return { client, key, pending, unsubscribe, rerender };
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

describe('forgetOnceUnobserved', () => {
  it('keeps a deleted query while its page still shows it, without fetching it again, then forgets it', async () => {
    const { client, key, pending, unsubscribe, rerender } = controlledQuery();
    pending.shift()?.('vote');
    await settle();
    forgetOnceUnobserved(client, key);
    // Still on screen (the next page is loading) and rendered again: no new query, so no fetch of what is gone.
    rerender();
    expect(client.getQueryData(key)).toBe('vote');
    await settle();
    expect(pending).toHaveLength(0);
    unsubscribe();
    await settle();
    expect(client.getQueryCache().find({ queryKey: key })).toBeUndefined();
  });

  it('forgets a query nothing shows at once', async () => {
    const { client, key, pending, unsubscribe } = controlledQuery();
    pending.shift()?.('vote');
    await settle();
    unsubscribe();
    forgetOnceUnobserved(client, key);
    expect(client.getQueryCache().find({ queryKey: key })).toBeUndefined();
  });
});
