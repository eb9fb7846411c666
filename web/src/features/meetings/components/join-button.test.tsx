import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { JoinButton } from '@/features/meetings/components/join-button';
import { makeMeeting } from '@/features/meetings/test-fixtures';
import { mockFetch } from '@/test/fetch-mock';

const JOIN = 'GET /api/meeting/FIN/M1/join';
const live = makeMeeting({
  status: 'in_progress',
  allow_remote: true,
  video_provider: 'zoom',
  zoom_id: '123',
  zoom_registration_url: 'https://zoom.example/register',
});

function renderButtons(meeting: typeof live, count = 1) {
  const client = new QueryClient();
  const ui = (n: number) => (
    <QueryClientProvider client={client}>
      <JoinButton meeting={meeting} committeeCode="FIN" />
      {n > 1 && <JoinButton meeting={meeting} committeeCode="FIN" />}
    </QueryClientProvider>
  );
  const view = render(ui(count));
  return { showTwo: () => view.rerender(ui(2)) };
}

describe('JoinButton', () => {
  it('offers the link the server answers', async () => {
    mockFetch({ [JOIN]: { body: { join_url: 'https://zoom.example/j/123', fallback: false } } });
    renderButtons(live);
    const link = await screen.findByRole('link', { name: 'Join Video Conference' });
    expect(link.getAttribute('href')).toBe('https://zoom.example/j/123');
  });

  it('does not ask for a link when the meeting has no video provider', async () => {
    const fetchMock = mockFetch({});
    renderButtons({ ...live, video_provider: 'none' });
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchMock.requestsTo(JOIN)).toHaveLength(0);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('asks once after a 404, hides the button, and another button mounting does not ask again', async () => {
    const fetchMock = mockFetch({ [JOIN]: { status: 404, body: { message: 'Not found.' } } });
    const view = renderButtons(live);
    await waitFor(() => expect(fetchMock.requestsTo(JOIN)).toHaveLength(1));
    view.showTwo();
    await new Promise((r) => setTimeout(r, 50));
    expect(fetchMock.requestsTo(JOIN)).toHaveLength(1);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
