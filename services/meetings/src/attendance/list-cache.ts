import { PreparedAnswer, type RawSql, ServiceRuntime } from '@gavel/service-kit';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { Database } from '../db/database.js';
import { type Db, MEETINGS_SCHEMA, type Tx } from '../db/prisma.js';

/**
 * The attendance list of a convention (10,000 members: 12 MB of JSON) costs the service about half a
 * second of CPU to read and encode, and a hall of delegates all load it at once, then poll it while
 * realtime is down. So a list is encoded once per change and served as a PreparedAnswer until what it is
 * made of changes, which the versions in list_versions tell: one per committee (its settings, members,
 * and its meetings' RSVPs and check-ins) and one per tenant for the user copies.
 */

/** The list_versions scope of the user copies; every other scope is a committee id. */
export const USERS_SCOPE = 'users';

/**
 * Counts a change to what a list is made of. Consumers of other services' events call it in their
 * transaction; this service's own writes after theirs commit (ListVersions.touch), so the committee's
 * version row is never locked for the length of a check-in.
 */
export async function bumpListVersion(db: RawSql, tenantId: string, scope: string): Promise<void> {
  await db.$executeRawUnsafe(
    `INSERT INTO "${MEETINGS_SCHEMA}".list_versions AS v (tenant_id, scope) VALUES ($1::uuid, $2)
     ON CONFLICT (tenant_id, scope) DO UPDATE SET version = v.version + 1`,
    tenantId,
    scope,
  );
}

export interface Versions {
  committee: bigint;
  users: bigint;
}

/** Whether data read at `held` is at least as new as versions a caller read at `wanted`. */
function covers(held: Versions, wanted: Versions): boolean {
  return held.committee >= wanted.committee && held.users >= wanted.users;
}

function newest(a: Versions, b: Versions): Versions {
  return {
    committee: a.committee > b.committee ? a.committee : b.committee,
    users: a.users > b.users ? a.users : b.users,
  };
}

/** Marks this service's own changes to a committee's lists, once their transaction has committed. */
@Injectable()
export class ListVersions {
  constructor(
    @Inject(Database) private readonly db: Database,
    /** For its logger; the seed runs without one. */
    @Optional() @Inject(ServiceRuntime) private readonly runtime?: ServiceRuntime,
  ) {}

  touch(tx: Tx, tenantId: string, committeeId: string): void {
    this.db.onCommit(tx, async () => {
      try {
        await this.db.read((db) => bumpListVersion(db, tenantId, committeeId));
      } catch (err) {
        // The change is committed; the cached lists of this committee expire within MAX_AGE_MS.
        this.runtime?.logger.warn({ err, committeeId }, 'could not bump the attendance list version');
      }
    });
  }

  async read(db: Db, tenantId: string, committeeId: string): Promise<Versions> {
    const rows = await db.listVersion.findMany({
      where: { tenantId, scope: { in: [committeeId, USERS_SCOPE] } },
      select: { scope: true, version: true },
    });
    const of = (scope: string) => rows.find((r) => r.scope === scope)?.version ?? 0n;
    return { committee: of(committeeId), users: of(USERS_SCOPE) };
  }
}

interface Entry {
  versions: Versions;
  answer: PreparedAnswer;
  at: number;
}

interface Build {
  versions: Versions;
  promise: Promise<Entry>;
}

/** Lists kept (per meeting or email vote and audience): each is at most a few MB of gzip. */
const MAX_ENTRIES = 64;
/** A list is encoded again after this long even unchanged: a bump lost after its commit heals. */
const MAX_AGE_MS = 60_000;

export interface ListKey {
  tenantId: string;
  /** Which list and for whom, e.g. `meeting:{id}:staff`. */
  name: string;
}

/**
 * Encoded lists by key. A caller reads the versions (ListVersions.read) first, then gets a list read
 * after them: the one kept, or the one being built; when that was begun at older versions, one more build
 * after it, which everyone who came meanwhile shares. So at most one build per list runs at a time,
 * however fast the check-ins come, and no caller ever gets a list older than the change it was told about.
 */
@Injectable()
export class AttendanceListCache {
  private readonly entries = new Map<string, Entry>();
  private readonly building = new Map<string, Build>();
  private readonly queued = new Map<string, Build>();

  /** `wanted`: the versions the caller read before it asked; `build` reads the list from scratch. */
  async get(key: ListKey, wanted: Versions, build: () => Promise<unknown>): Promise<PreparedAnswer> {
    const k = `${key.tenantId}:${key.name}`;
    const kept = this.entries.get(k);
    if (kept && covers(kept.versions, wanted) && Date.now() - kept.at < MAX_AGE_MS) {
      this.entries.delete(k); // most recently used goes last
      this.entries.set(k, kept);
      return kept.answer;
    }
    const running = this.building.get(k);
    if (!running) return (await this.start(k, wanted, build)).answer;
    if (covers(running.versions, wanted)) return (await running.promise).answer;
    let next = this.queued.get(k);
    if (next) {
      next.versions = newest(next.versions, wanted);
    } else {
      const queued: Build = {
        versions: wanted,
        promise: running.promise
          .catch(() => undefined)
          .then(() => {
            this.queued.delete(k);
            return this.start(k, queued.versions, build);
          }),
      };
      next = queued;
      this.queued.set(k, next);
    }
    return (await next.promise).answer;
  }

  /** Builds a list labelled with versions every one of its callers read before it began. */
  private start(k: string, versions: Versions, build: () => Promise<unknown>): Promise<Entry> {
    const promise = (async () => {
      const entry = { versions, answer: await PreparedAnswer.of(await build()), at: Date.now() };
      this.entries.delete(k);
      this.entries.set(k, entry);
      for (const old of this.entries.keys()) {
        if (this.entries.size <= MAX_ENTRIES) break;
        this.entries.delete(old);
      }
      return entry;
    })().finally(() => {
      if (this.building.get(k)?.promise === promise) this.building.delete(k);
    });
    this.building.set(k, { versions, promise });
    return promise;
  }
}
