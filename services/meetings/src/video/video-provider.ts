/**
 * Video-conference join links (spec section 4, "Join link retrieval"). A provider answers a join link,
 * "unauthorised" (the provider said 401 or 404: the page hides the join button) or a failure (the page
 * falls back to the meeting's registration URL).
 */
export interface JoinRequest {
  meeting: {
    id: string;
    name: string;
    start: Date;
    end: Date;
    zoomId: string | null;
    zoomRegistrationUrl: string | null;
    videoUrl: string | null;
  };
  user: { id: string; email: string; firstName: string; lastName: string };
}

/** A conference the provider created on the way (the service stores it on the meeting, whatever the outcome). */
export interface CreatedConference {
  zoomId: string;
  registrationUrl: string | null;
}

export type JoinResult =
  | { kind: 'link'; url: string; created?: CreatedConference }
  | { kind: 'unauthorized'; created?: CreatedConference }
  | { kind: 'failed'; reason: string; created?: CreatedConference };

export interface VideoConferenceProvider {
  readonly name: string;
  joinUrl(request: JoinRequest): Promise<JoinResult>;
}

/** A fixed link set on the meeting. */
export class StaticLinkProvider implements VideoConferenceProvider {
  readonly name = 'static';

  async joinUrl(request: JoinRequest): Promise<JoinResult> {
    const url = request.meeting.videoUrl;
    return url ? { kind: 'link', url } : { kind: 'failed', reason: 'no link set on the meeting' };
  }
}

export interface ZoomSettings {
  accountId?: string;
  clientId?: string;
  clientSecret?: string;
  /** https://zoom.us/oauth/token */
  oauthUrl: string;
  /** https://api.zoom.us/v2 */
  apiBaseUrl: string;
  /** Budget of one join-link retrieval, all attempts included (keep it below the gateway's request timeout). */
  timeoutMs: number;
}

/** Attempts per meeting video id (spec section 4, "Join link retrieval"); a new video id starts over. */
export const ZOOM_MAX_ATTEMPTS = 3;
/** Pause before attempt n+1: n × this, within the budget. */
const RETRY_PAUSE_MS = 100;
/** Zoom's own join address of a meeting by its ID (no registration, no API call). */
const ZOOM_PUBLIC_JOIN_URL = 'https://zoom.us/j/';

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Zoom said the user may not have this link (401 or 404 from the API, after a fresh token): hide the button. */
const isNotAuthorised = (err: unknown) =>
  err instanceof HttpError && (err.status === 401 || err.status === 404);
/** Worth another attempt: Zoom busy or failing (429, 5xx) or the network; never a 4xx answer. */
const isTransient = (err: unknown) => !(err instanceof HttpError) || err.status === 429 || err.status >= 500;
const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Zoom with a server-to-server OAuth app: an account-credentials token (cached until shortly before it
 * expires), the meeting created on first use when it has no Zoom id yet, and a per-user join link from
 * registering the user for it. 401/404 from Zoom → unauthorised at once; a transient failure (429, 5xx,
 * network) is tried again, up to ZOOM_MAX_ATTEMPTS per video id and within the time budget; then → failed.
 */
export class ZoomProvider implements VideoConferenceProvider {
  readonly name = 'zoom';
  private token: { value: string; expiresAt: number } | null = null;
  /** Zoom meetings being created, by meeting id: the first joins of a meeting, all at once, share one. */
  private readonly creating = new Map<string, Promise<CreatedConference>>();

  constructor(
    private readonly settings: ZoomSettings,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async joinUrl(request: JoinRequest): Promise<JoinResult> {
    const deadline = Date.now() + this.settings.timeoutMs;
    let zoomId = request.meeting.zoomId;
    // Without the app's credentials Zoom cannot be asked: a meeting given its Zoom ID is joined by Zoom's
    // public link (the meetings service refuses a Zoom meeting with neither ID nor registration link then).
    if (!this.configured) {
      return zoomId
        ? { kind: 'link', url: `${ZOOM_PUBLIC_JOIN_URL}${encodeURIComponent(zoomId)}` }
        : { kind: 'failed', reason: 'Zoom credentials are not configured' };
    }
    let created: CreatedConference | undefined;
    const withCreated = <R extends JoinResult>(r: R): R => (created ? { ...r, created } : r);
    let attempts = 0;
    let reason = 'Zoom was not asked';
    while (attempts < ZOOM_MAX_ATTEMPTS) {
      attempts += 1;
      try {
        if (!zoomId) {
          created = await this.createOnce(request, deadline);
          zoomId = created.zoomId;
          attempts = 1; // a new video id: its attempts start over with this one
        }
        const registrant = await this.api<{ join_url?: string }>(
          'POST',
          `/meetings/${encodeURIComponent(zoomId)}/registrants`,
          {
            email: request.user.email,
            first_name: request.user.firstName,
            last_name: request.user.lastName,
          },
          deadline,
        );
        if (!registrant.join_url) return withCreated({ kind: 'failed', reason: 'Zoom answered no join_url' });
        return withCreated({ kind: 'link', url: registrant.join_url });
      } catch (err) {
        if (isNotAuthorised(err)) return withCreated({ kind: 'unauthorized' });
        reason = reasonOf(err);
        const pause = RETRY_PAUSE_MS * attempts;
        if (!isTransient(err) || Date.now() + pause >= deadline) break;
        await sleep(pause);
      }
    }
    return withCreated({ kind: 'failed', reason });
  }

  /** One creation per meeting at a time in this process; a creation elsewhere loses when it is stored. */
  private createOnce(request: JoinRequest, deadline: number): Promise<CreatedConference> {
    const key = request.meeting.id;
    let creation = this.creating.get(key);
    if (!creation) {
      creation = this.createMeeting(request, deadline).finally(() => this.creating.delete(key));
      this.creating.set(key, creation);
    }
    return creation;
  }

  private async createMeeting(request: JoinRequest, deadline: number): Promise<CreatedConference> {
    const meeting = await this.api<{ id: number | string; registration_url?: string }>(
      'POST',
      '/users/me/meetings',
      {
        topic: request.meeting.name,
        type: 2,
        start_time: request.meeting.start.toISOString(),
        duration: Math.max(
          1,
          Math.round((request.meeting.end.getTime() - request.meeting.start.getTime()) / 60000),
        ),
        settings: { approval_type: 0, registration_type: 1 },
      },
      deadline,
    );
    return { zoomId: String(meeting.id), registrationUrl: meeting.registration_url ?? null };
  }

  /** A Zoom API call; a 401 drops the cached token and retries once with a fresh one. */
  private async api<T>(
    method: string,
    path: string,
    body: unknown,
    deadline: number,
    retried = false,
  ): Promise<T> {
    const token = await this.accessToken(deadline);
    const res = await this.request(
      `${this.settings.apiBaseUrl.replace(/\/$/, '')}${path}`,
      {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      },
      deadline,
    );
    if (res.status === 401 && !retried) {
      this.token = null;
      return this.api(method, path, body, deadline, true);
    }
    if (!res.ok) throw new HttpError(res.status, `Zoom ${method} ${path} answered ${res.status}`);
    return (await res.json()) as T;
  }

  private get configured(): boolean {
    const { accountId, clientId, clientSecret } = this.settings;
    return !!(accountId && clientId && clientSecret);
  }

  private async accessToken(deadline: number): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const { accountId = '', clientId, clientSecret } = this.settings;
    const url = new URL(this.settings.oauthUrl);
    url.searchParams.set('grant_type', 'account_credentials');
    url.searchParams.set('account_id', accountId);
    const res = await this.request(
      url.toString(),
      {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}` },
      },
      deadline,
    );
    // A refused token is the app's configuration, not the user's authorisation: a failure, never a hidden
    // button (so a 401/404 here is reported as 400; a 429/5xx stays worth another attempt).
    if (!res.ok)
      throw new HttpError(
        res.status === 401 || res.status === 404 ? 400 : res.status,
        `Zoom token endpoint answered ${res.status}`,
      );
    const body = (await res.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new HttpError(502, 'Zoom token endpoint answered no access_token');
    const lifetimeMs = Math.max(0, (body.expires_in ?? 3600) - 60) * 1000;
    this.token = { value: body.access_token, expiresAt: Date.now() + lifetimeMs };
    return body.access_token;
  }

  /** One HTTP call, cut off when the retrieval's budget runs out. */
  private request(url: string, init: RequestInit, deadline: number): Promise<Response> {
    const left = Math.max(1, deadline - Date.now());
    return this.fetchImpl(url, { ...init, signal: AbortSignal.timeout(left) });
  }
}
