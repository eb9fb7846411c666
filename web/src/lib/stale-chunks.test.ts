import { describe, expect, it, vi } from 'vitest';
import { reloadOnStaleChunk, STALE_CHUNK_COOLDOWN_MS, STALE_CHUNK_RELOAD_KEY } from '@/lib/stale-chunks';

function fakePage() {
  const events = new EventTarget();
  const location = { reload: vi.fn(), assign: vi.fn() };
  const page = {
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    sessionStorage: window.sessionStorage,
    location,
  };
  const fail = () => events.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
  return { page: page as unknown as Window, location, fail };
}

describe('reloadOnStaleChunk', () => {
  it('reloads once when a chunk fails to load, and not again within the cooldown', () => {
    window.sessionStorage.removeItem(STALE_CHUNK_RELOAD_KEY);
    let clock = 1_000_000;
    const { page, location, fail } = fakePage();
    const stop = reloadOnStaleChunk(page, { now: () => clock });
    fail();
    expect(location.reload).toHaveBeenCalledTimes(1);
    // The reloaded page (same tab, same storage) fails again at once: the chunk is really missing.
    clock += STALE_CHUNK_COOLDOWN_MS - 1;
    fail();
    expect(location.reload).toHaveBeenCalledTimes(1);
    // Much later (another deploy), it reloads again.
    clock += STALE_CHUNK_COOLDOWN_MS;
    fail();
    expect(location.reload).toHaveBeenCalledTimes(2);
    stop();
    clock += STALE_CHUNK_COOLDOWN_MS * 2;
    fail();
    expect(location.reload).toHaveBeenCalledTimes(2);
  });

  it('loads the page a navigation was going to, whose chunk failed, rather than the one it left', () => {
    window.sessionStorage.removeItem(STALE_CHUNK_RELOAD_KEY);
    const { page, location, fail } = fakePage();
    reloadOnStaleChunk(page, { goingTo: () => '/admin?year=2026' });
    fail();
    expect(location.assign).toHaveBeenCalledWith('/admin?year=2026');
    expect(location.reload).not.toHaveBeenCalled();
  });
});
