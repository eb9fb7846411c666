import { z } from 'zod';

/**
 * A notification the server puts into the page it serves (e.g. "your session has expired"); the web app
 * shows each as a toast at startup. Carried in `window.__GAVEL_NOTIFICATIONS__`.
 */
export const ZPreloadedNotification = z.object({
  type: z.enum(['success', 'error', 'info', 'warning']),
  message: z.string().min(1),
});
export type TPreloadedNotification = z.infer<typeof ZPreloadedNotification>;

export const PRELOADED_NOTIFICATIONS_GLOBAL = '__GAVEL_NOTIFICATIONS__';

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';
