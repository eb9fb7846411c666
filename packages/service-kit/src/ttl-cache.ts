/**
 * A small in-process cache with a time to live, a size bound and one load in flight per key, so a burst of
 * requests for the same key (a convention's delegates arriving at once) costs one lookup. Failed loads are
 * not cached, nor loads overtaken by a delete or clear of their key.
 *
 * `spread` shortens each entry's life by a random part of the time to live (0.5: between half and all of
 * it). Thousands of entries loaded in one burst (a hall opening the meeting page) then expire over a
 * stretch of time instead of all at once, which could be the moment the hall votes.
 */
export interface TtlCacheOptions {
  spread?: number;
  random?: () => number;
}

export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  private readonly loading = new Map<string, Promise<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
    private readonly options: TtlCacheOptions = {},
  ) {}

  get size(): number {
    return this.entries.size;
  }

  async getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.now()) return hit.value;
    if (hit) this.entries.delete(key);
    const pending = this.loading.get(key);
    if (pending) return pending;
    // A load still in flight when its key is deleted (the user's roles changed meanwhile) answers its
    // callers but is not kept: what it read may predate the change.
    const current = () => this.loading.get(key) === promise;
    const promise: Promise<V> = load().then(
      (value) => {
        if (current()) {
          this.loading.delete(key);
          this.set(key, value);
        }
        return value;
      },
      (err: unknown) => {
        if (current()) this.loading.delete(key);
        throw err;
      },
    );
    this.loading.set(key, promise);
    return promise;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    const spread = this.options.spread ?? 0;
    const life = this.ttlMs * (1 - spread * (this.options.random ?? Math.random)());
    this.entries.set(key, { value, expiresAt: this.now() + life });
  }

  /** Forgets the key, and any load of it in flight: the next get loads afresh. */
  delete(key: string): void {
    this.entries.delete(key);
    this.loading.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.loading.clear();
  }
}
