import { describe, expect, it, vi } from 'vitest';
import { type JoinRequest, ZoomProvider } from './video-provider.js';

function request(zoomId: string | null): JoinRequest {
  return {
    meeting: {
      id: 'm-1',
      name: 'Board',
      start: new Date('2026-11-26T14:00:00Z'),
      end: new Date('2026-11-26T16:00:00Z'),
      zoomId,
      zoomRegistrationUrl: null,
      videoUrl: null,
    },
    user: { id: 'u-1', email: 'ann@example.org', firstName: 'Ann', lastName: 'Lee' },
  };
}

describe('ZoomProvider without credentials', () => {
  const unconfigured = (fetchImpl: typeof fetch) =>
    new ZoomProvider(
      { oauthUrl: 'http://127.0.0.1:9/token', apiBaseUrl: 'http://127.0.0.1:9/v2', timeoutMs: 1_000 },
      fetchImpl,
    );

  it("joins a meeting given its Zoom ID by Zoom's public link, without asking Zoom", async () => {
    const fetchImpl = vi.fn<typeof fetch>();
    await expect(unconfigured(fetchImpl).joinUrl(request('12345678901'))).resolves.toEqual({
      kind: 'link',
      url: 'https://zoom.us/j/12345678901',
    });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('fails (the registration link, if any, is used) for a meeting without a Zoom ID', async () => {
    const fetchImpl = vi.fn<typeof fetch>();
    await expect(unconfigured(fetchImpl).joinUrl(request(null))).resolves.toMatchObject({ kind: 'failed' });
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});
