import { DEFAULT_MEETING_TIME_ZONE } from '@gavel/contracts';
import { ZServiceConfig, ZTimeZone } from '@gavel/service-kit';
import { z } from 'zod';

/** The meetings service's own variables, on top of the kit's (validated at boot; see .env.example). */
export const ZMeetingsSettings = z.object({
  /**
   * The deployment's time zone, for an association without its own (identity's tenants.time_zone): what
   * "today" means for Start Meeting, and the calendar's zone.
   */
  MEETINGS_TIME_ZONE: ZTimeZone.default(DEFAULT_MEETING_TIME_ZONE),
  /** Public site address, for the meeting link in calendar files. */
  PUBLIC_APP_URL: z.string().url().default('http://localhost:8080'),
  /**
   * Zoom server-to-server OAuth app. Without it no Zoom meeting is created on the first join: a Zoom meeting
   * then needs its Zoom meeting ID (joined by Zoom's public link) or a registration link.
   */
  ZOOM_ACCOUNT_ID: z.string().optional(),
  ZOOM_CLIENT_ID: z.string().optional(),
  ZOOM_CLIENT_SECRET: z.string().optional(),
  ZOOM_OAUTH_URL: z.string().url().default('https://zoom.us/oauth/token'),
  ZOOM_API_BASE_URL: z.string().url().default('https://api.zoom.us/v2'),
  /**
   * How long one join-link retrieval may spend at Zoom, all attempts included, before it counts as failed
   * (the registration URL). Keep it below the gateway's REQUEST_TIMEOUT_MS (5000) so that answer arrives.
   */
  ZOOM_TIMEOUT_MS: z.coerce.number().int().min(100).default(4000),
});
export type TMeetingsSettings = z.infer<typeof ZMeetingsSettings>;

/** Whether the Zoom app's credentials are set: only then can a Zoom meeting be created on the first join. */
export function zoomConfigured(
  settings: Pick<TMeetingsSettings, 'ZOOM_ACCOUNT_ID' | 'ZOOM_CLIENT_ID' | 'ZOOM_CLIENT_SECRET'>,
): boolean {
  return !!(settings.ZOOM_ACCOUNT_ID && settings.ZOOM_CLIENT_ID && settings.ZOOM_CLIENT_SECRET);
}

export const ZMeetingsConfig = ZServiceConfig.extend(ZMeetingsSettings.shape);
export type TMeetingsConfig = z.infer<typeof ZMeetingsConfig>;

/** Injection token of the meetings settings. */
export const MEETINGS_SETTINGS = Symbol('MEETINGS_SETTINGS');
