/** When the last reload for a chunk that failed to load happened (sessionStorage, per tab). */
export const STALE_CHUNK_RELOAD_KEY = 'gavel.staleChunkReloadAt';
/** A second failure this soon after the reload is not a stale tab: the error page shows instead. */
export const STALE_CHUNK_COOLDOWN_MS = 30_000;

type Page = Pick<Window, 'addEventListener' | 'removeEventListener' | 'sessionStorage'> & {
  location: Pick<Location, 'reload' | 'assign'>;
};

export interface StaleChunkOptions {
  /** Where an in-app navigation under way is going (its page's chunk is the one that failed), else null. */
  goingTo?: () => string | null;
  now?: () => number;
}

/**
 * A page's chunk (or the editor's) that fails to load is most often one a newer build replaced: a tab
 * left open across a deploy, or a gateway still on the other version during a rolling update. Vite
 * reports it as `vite:preloadError`; the browser then loads the page afresh (the one it was going to),
 * getting the current app. Not again within the cooldown, so a chunk that is really missing shows the
 * error page (with its Reload) instead of a loop.
 */
export function reloadOnStaleChunk(page: Page = window, options: StaleChunkOptions = {}): () => void {
  const now = options.now ?? Date.now;
  const onError = () => {
    try {
      const last = Number(page.sessionStorage.getItem(STALE_CHUNK_RELOAD_KEY)) || 0;
      if (now() - last < STALE_CHUNK_COOLDOWN_MS) return;
      page.sessionStorage.setItem(STALE_CHUNK_RELOAD_KEY, String(now()));
    } catch {
      return; // no storage, no guard against a loop: the error page's Reload is left to the user
    }
    const target = options.goingTo?.();
    if (target) page.location.assign(target);
    else page.location.reload();
  };
  page.addEventListener('vite:preloadError', onError);
  return () => page.removeEventListener('vite:preloadError', onError);
}
