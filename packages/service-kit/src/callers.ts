import {
  EVENTS,
  SUBJECTS,
  type TPrincipalReply,
  type TRequestContext,
  type TTenant,
  ZPrincipalReply,
  ZTenantResolveReply,
  ZUserEvent,
} from '@gavel/contracts';
import type { NatsConnection } from '@nats-io/transport-node';
import { z } from 'zod';
import { callService } from './nats.js';
import { prefixed } from './subjects.js';
import { TtlCache } from './ttl-cache.js';

/**
 * Who is calling, for the edges that face browsers (the gateway and the realtime service): the tenant of
 * the Host header and the roles and permissions of a session's user, both through identity, both cached.
 */

const HOST_NAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const IPV6 = /^\[[0-9a-f:.]+\]$/;

/** A port as a Host header writes it: 1 to 65535 in at most 5 digits; null for anything else. */
function parsePort(text: string): number | null {
  if (!/^\d{1,5}$/.test(text)) return null;
  const port = Number(text);
  return port >= 1 && port <= 65_535 ? port : null;
}

/**
 * The host a request was addressed to, lowercased, without a trailing dot, and its port when it names one
 * (`Alpha.Example.org.:8080` → `alpha.example.org` and 8080, `[::1]:8080` → `[::1]` and 8080), or null when
 * the header is missing or is not a host name with an optional valid port: after an IPv6 literal's `]`
 * only nothing or `:port` may follow (`[::1]@evil.example` is refused).
 */
export function parseHostAndPort(
  raw: string | undefined | null,
): { host: string; port: number | null } | null {
  if (!raw) return null;
  let host = raw.trim().toLowerCase();
  let portText: string | null = null;
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    if (end < 0) return null;
    const rest = host.slice(end + 1);
    host = host.slice(0, end + 1);
    if (!IPV6.test(host)) return null;
    if (rest !== '') {
      if (!rest.startsWith(':')) return null;
      portText = rest.slice(1);
    }
  } else {
    const colon = host.indexOf(':');
    if (colon >= 0) {
      portText = host.slice(colon + 1);
      host = host.slice(0, colon);
    }
    if (host.endsWith('.')) host = host.slice(0, -1);
    if (host.length === 0 || host.length > 253 || !HOST_NAME.test(host)) return null;
  }
  if (portText === null) return { host, port: null };
  const port = parsePort(portText);
  return port === null ? null : { host, port };
}

/**
 * The host a request was addressed to, lowercased and without its port (`Alpha.Example.org:8080` →
 * `alpha.example.org`, `[::1]:8080` → `[::1]`), or null when the header is missing or not a host name
 * (see parseHostAndPort).
 */
export function parseHost(raw: string | undefined | null): string | null {
  return parseHostAndPort(raw)?.host ?? null;
}

export interface TenantResolverOptions {
  nc: NatsConnection;
  prefix: string;
  timeoutMs: number;
  /** How long an answer (also "no tenant here") is kept in-process. */
  ttlMs?: number;
}

/**
 * Tenants through identity, cached for 30 s including negative answers: by host for the edges that face
 * browsers, by id for services that need an association's settings (vote wording) off their hot paths.
 */
export class TenantResolver {
  private readonly byHost: TtlCache<TTenant | null>;
  private readonly byIds: TtlCache<TTenant | null>;

  constructor(private readonly opts: TenantResolverOptions) {
    this.byHost = new TtlCache(opts.ttlMs ?? 30_000);
    this.byIds = new TtlCache(opts.ttlMs ?? 30_000);
  }

  resolve(host: string | null, requestId: string): Promise<TTenant | null> {
    if (!host) return Promise.resolve(null);
    return this.byHost.getOrLoad(host, () =>
      this.ask(SUBJECTS.identity.tenantResolve, '', { host }, requestId),
    );
  }

  byId(tenantId: string, requestId: string): Promise<TTenant | null> {
    return this.byIds.getOrLoad(tenantId, () =>
      this.ask(SUBJECTS.identity.tenantGet, tenantId, {}, requestId),
    );
  }

  private ask(subject: string, tenantId: string, input: unknown, requestId: string): Promise<TTenant | null> {
    const ctx: TRequestContext = { requestId, tenantId, userId: null, roles: [], permissions: [] };
    return callService(this.opts.nc, subject, ctx, input, ZTenantResolveReply, {
      prefix: this.opts.prefix,
      timeoutMs: this.opts.timeoutMs,
    });
  }
}

export interface PrincipalResolverOptions {
  nc: NatsConnection;
  prefix: string;
  timeoutMs: number;
  /** How long roles and permissions are kept in-process when no user event says they changed. */
  ttlMs?: number;
}

/** Principals kept per process: every delegate of the largest convention, several associations at once. */
const PRINCIPALS_KEPT = 50_000;

/**
 * userId → roles and effective permissions in a tenant, through identity, cached for half an hour (15 to
 * 30 minutes each). A convention's delegates send nothing between votes (the page lives on its socket), and
 * each vote's burst of casts needs every delegate's principal: a short life would send the whole hall to
 * identity at every vote. The bound must hold the whole hall for the same reason. A user whose roles change
 * is forgotten at once on every instance: identity's user events are also plain NATS messages on their
 * subject, which each resolver listens to; those sent while this process was away from NATS are lost, so a
 * reconnect forgets everything. The time to live bounds what is left: a role's permissions changed by the
 * seed.
 */
export class PrincipalResolver {
  private readonly cache: TtlCache<TPrincipalReply>;
  private readonly changeListeners = new Set<(tenantId: string, userId: string) => void>();

  constructor(private readonly opts: PrincipalResolverOptions) {
    this.cache = new TtlCache(opts.ttlMs ?? 30 * 60_000, PRINCIPALS_KEPT, Date.now, { spread: 0.5 });
    opts.nc.subscribe(prefixed(opts.prefix, EVENTS.identity.userUpdated), {
      callback: (err, msg) => {
        if (err) return;
        const event = ZUserChanged.safeParse(safeJson(msg.data));
        if (!event.success) return;
        const { tenantId, user } = event.data;
        this.forget(tenantId, user.id);
        for (const listener of this.changeListeners) listener(tenantId, user.id);
      },
    });
    void this.forgetAllOnReconnect();
  }

  /**
   * Calls `listener` whenever a user's event arrives, after their principal was forgotten (so a lookup
   * from the listener reads their new roles): for what was decided with the old ones, such as the views
   * of a user's open sockets.
   */
  onUserChanged(listener: (tenantId: string, userId: string) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  private async forgetAllOnReconnect(): Promise<void> {
    for await (const status of this.opts.nc.status()) {
      if (status.type === 'reconnect') this.cache.clear();
    }
  }

  get(tenantId: string, userId: string, requestId: string): Promise<TPrincipalReply> {
    return this.cache.getOrLoad(`${tenantId}:${userId}`, () => {
      const ctx: TRequestContext = { requestId, tenantId, userId: null, roles: [], permissions: [] };
      return callService(this.opts.nc, SUBJECTS.identity.principalGet, ctx, { userId }, ZPrincipalReply, {
        prefix: this.opts.prefix,
        timeoutMs: this.opts.timeoutMs,
      });
    });
  }

  forget(tenantId: string, userId: string): void {
    this.cache.delete(`${tenantId}:${userId}`);
  }
}

/** Who changed, read from a user event (the rest of the event does not matter here). */
const ZUserChanged = ZUserEvent.pick({ tenantId: true }).extend({ user: z.object({ id: z.string() }) });

function safeJson(data: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(data));
  } catch {
    return null;
  }
}
