import { type TPreloadedNotification, ZPreloadedNotification } from '@gavel/contracts';
import { toast } from 'sonner';

declare global {
  interface Window {
    /** Notifications the server put into the page, shown as toasts at startup. */
    __GAVEL_NOTIFICATIONS__?: unknown;
  }
}

/**
 * Takes the server's preloaded notifications off the window (so they show once) and keeps the
 * well-formed ones; a malformed entry is skipped rather than breaking the others.
 */
export function takePreloadedNotifications(win: Window = window): TPreloadedNotification[] {
  const raw = win.__GAVEL_NOTIFICATIONS__;
  win.__GAVEL_NOTIFICATIONS__ = undefined;
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((entry) => {
    const parsed = ZPreloadedNotification.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Shows each preloaded notification as a toast (5 s, the Toaster's default). */
export function showPreloadedNotifications(win: Window = window): void {
  for (const { type, message } of takePreloadedNotifications(win)) toast[type](message);
}
