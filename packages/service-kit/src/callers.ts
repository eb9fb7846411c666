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

/**
 * The host a request was addressed to, lowercased and without its port (`Alpha.Example.org:8080` →
 * `alpha.example.org`, `[::1]:8080` → `[::1]`), or null when the header is missing or not a host name.
 */
export function parseHost(raw: string | undefined | null): string | null {
  if (!raw) return null;
  let host = raw.trim().toLowerCase();
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    if (end < 0) return null;
    host = host.slice(0, end + 1);
    return IPV6.test(host) ? host : null;
  }
  const colon = host.indexOf(':');
  if (colon >= 0) {
    if (!/^\d{1,5}$/.test(host.slice(colon + 1))) return null;
    host = host.slice(0, colon);
  }
  if (host.endsWith('.')) host = host.slice(0, -1);
  if (host.length === 0 || host.length > 253) return null;
  return HOST_NAME.test(host) ? host : null;
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
