import { AppError, type TJoinReply, type TMeetingRef, type TRequestContext } from '@gavel/contracts';
import { Inject, Injectable } from '@nestjs/common';
import type { TMeetingsSettings } from '../config.js';
import { Database } from '../db/database.js';
import { MeetingRepository } from '../meetings/meeting.repository.js';
import { MeetingService } from '../meetings/meeting.service.js';
import { StaticLinkProvider, type VideoConferenceProvider, ZoomProvider } from './video-provider.js';

/** The providers by the meeting's video_provider value; replaceable in tests. */
export const VIDEO_PROVIDERS = Symbol('VIDEO_PROVIDERS');
export type VideoProviders = Record<string, VideoConferenceProvider>;

export function defaultVideoProviders(settings: TMeetingsSettings): VideoProviders {
  return {
    static: new StaticLinkProvider(),
    zoom: new ZoomProvider({
      accountId: settings.ZOOM_ACCOUNT_ID,
      clientId: settings.ZOOM_CLIENT_ID,
      clientSecret: settings.ZOOM_CLIENT_SECRET,
      oauthUrl: settings.ZOOM_OAUTH_URL,
      apiBaseUrl: settings.ZOOM_API_BASE_URL,
      timeoutMs: settings.ZOOM_TIMEOUT_MS,
    }),
  };
}

function noJoinLink(): AppError {
  return new AppError('not_found', 'There is no video conference link for you in this meeting.');
}

/** GET {meeting base}/join */
@Injectable()
export class JoinService {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(MeetingService) private readonly meetingService: MeetingService,
    @Inject(MeetingRepository) private readonly meetings: MeetingRepository,
    @Inject(VIDEO_PROVIDERS) private readonly providers: VideoProviders,
  ) {}

  /**
   * Only while the meeting allows remote attendance and is in progress. The provider's 401/404, or no video
   * at all, answers 404, which hides the join button; any other failure (after the provider's attempts)
   * falls back to the registration URL.
   */
  async join(ctx: TRequestContext, ref: TMeetingRef): Promise<TJoinReply> {
    const { meeting, user } = await this.db.read(async (db) => {
      const { meeting } = await this.meetingService.viewable(db, ctx, ref);
      const user = await this.meetings.user(db, ctx.tenantId, ctx.userId as string);
      return { meeting, user };
    });
    if (!meeting.allowRemote || meeting.status !== 'in_progress')
      throw new AppError(
        'rule_broken',
        'The join link is available only while a remote meeting is in progress.',
      );
    const provider = this.providers[meeting.videoProvider];
    if (!provider) throw noJoinLink();
    if (!user) return this.fallback(meeting.zoomRegistrationUrl);
    const request = {
      meeting,
      user: { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName },
    };
    let result = await provider.joinUrl(request);
    // A conference the provider created is kept whatever came next, so the next call does not create another.
    let registrationUrl = meeting.zoomRegistrationUrl;
    if (result.created) {
      const { zoomId, registrationUrl: createdUrl } = result.created;
      registrationUrl ??= createdUrl;
      const kept = await this.db.transaction((tx) =>
        this.meetings.setCreatedVideo(tx, ctx.tenantId, meeting.id, zoomId, registrationUrl),
      );
      // Another caller's conference was stored first: everyone joins that one, so this user does too.
      if (kept?.zoomId && kept.zoomId !== zoomId) {
        registrationUrl = kept.zoomRegistrationUrl;
        result = await provider.joinUrl({
          ...request,
          meeting: { ...meeting, zoomId: kept.zoomId, zoomRegistrationUrl: kept.zoomRegistrationUrl },
        });
      }
    }
    if (result.kind === 'unauthorized') throw noJoinLink();
    if (result.kind === 'failed') return this.fallback(registrationUrl);
    return { join_url: result.url, fallback: false };
  }

  private fallback(registrationUrl: string | null): TJoinReply {
    return { join_url: registrationUrl, fallback: true };
  }
}
