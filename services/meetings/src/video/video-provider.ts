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

export type JoinResult =
  | {
      kind: 'link';
      url: string;
      /** Set when the provider created the conference: the service stores it on the meeting. */
      created?: { zoomId: string; registrationUrl: string | null };
    }
  | { kind: 'unauthorized' }
  | { kind: 'failed'; reason: string };

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
  timeoutMs: number;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Zoom with a server-to-server OAuth app: an account-credentials token (cached until shortly before it
 * expires), the meeting created on first use when it has no Zoom id yet, and a per-user join link from
 * registering the user for it. 401/404 from Zoom → unauthorised; anything else → failed.
 */
export class ZoomProvider implements VideoConferenceProvider {
  readonly name = 'zoom';
  private token: { value: string; expiresAt: number } | null = null;

  constructor(
    private readonly settings: ZoomSettings,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async joinUrl(request: JoinRequest): Promise<JoinResult> {
    try {
      let zoomId = request.meeting.zoomId;
      let created: { zoomId: string; registrationUrl: string | null } | undefined;
      if (!zoomId) {
        const meeting = await this.api<{ id: number | string; registration_url?: string; join_url?: string }>(
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
        );
        zoomId = String(meeting.id);
        created = { zoomId, registrationUrl: meeting.registration_url ?? null };
      }
      const registrant = await this.api<{ join_url?: string }>(
        'POST',
        `/meetings/${encodeURIComponent(zoomId)}/registrants`,
        {
          email: request.user.email,
          first_name: request.user.firstName,
          last_name: request.user.lastName,
        },
      );
      if (!registrant.join_url) return { kind: 'failed', reason: 'Zoom answered no join_url' };
      return { kind: 'link', url: registrant.join_url, ...(created ? { created } : {}) };
    } catch (err) {
      if (err instanceof HttpError && (err.status === 401 || err.status === 404))
        return { kind: 'unauthorized' };
      return { kind: 'failed', reason: err instanceof Error ? err.message : String(err) };
    }
  }

  /** A Zoom API call; a 401 drops the cached token and retries once with a fresh one. */
  private async api<T>(method: string, path: string, body: unknown, retried = false): Promise<T> {
    const token = await this.accessToken();
    const res = await this.request(`${this.settings.apiBaseUrl.replace(/\/$/, '')}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status === 401 && !retried) {
      this.token = null;
      return this.api(method, path, body, true);
    }
    if (!res.ok) throw new HttpError(res.status, `Zoom ${method} ${path} answered ${res.status}`);
    return (await res.json()) as T;
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const { accountId, clientId, clientSecret } = this.settings;
    if (!accountId || !clientId || !clientSecret) throw new Error('Zoom credentials are not configured');
    const url = new URL(this.settings.oauthUrl);
    url.searchParams.set('grant_type', 'account_credentials');
    url.searchParams.set('account_id', accountId);
    const res = await this.request(url.toString(), {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}` },
    });
    // A refused token is the app's configuration, not the user's authorisation: a failure, not a 401.
    if (!res.ok) throw new Error(`Zoom token endpoint answered ${res.status}`);
    const body = (await res.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new Error('Zoom token endpoint answered no access_token');
    const lifetimeMs = Math.max(0, (body.expires_in ?? 3600) - 60) * 1000;
    this.token = { value: body.access_token, expiresAt: Date.now() + lifetimeMs };
    return body.access_token;
  }

  private request(url: string, init: RequestInit): Promise<Response> {
    return this.fetchImpl(url, { ...init, signal: AbortSignal.timeout(this.settings.timeoutMs) });
  }
}
