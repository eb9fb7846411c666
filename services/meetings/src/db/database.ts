import { PRISMA } from '@gavel/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { Db, PrismaClient, Tx } from './prisma.js';

type Hook = () => Promise<void>;

/** Starts transactions for services, which pass the handle on to repositories and to runtime.emit. */
@Injectable()
export class Database {
  private readonly hooks = new WeakMap<Tx, Hook[]>();

  constructor(@Inject(PRISMA) private readonly prisma: PrismaClient) {}

  /** Runs `fn` in a transaction; once it has committed, the hooks it asked for (onCommit), in order. */
  async transaction<R>(fn: (tx: Tx) => Promise<R>): Promise<R> {
    const hooks: Hook[] = [];
    const result = await this.prisma.$transaction((tx) => {
      this.hooks.set(tx, hooks);
      return fn(tx);
    });
    for (const hook of hooks) await hook();
    return result;
  }

  /**
   * Work for after `tx` commits (never when it rolls back), before its caller gets the answer: what
   * must not hold the transaction's locks, like bumping a version many transactions share.
   */
  onCommit(tx: Tx, hook: Hook): void {
    const hooks = this.hooks.get(tx);
    if (!hooks) throw new Error('onCommit needs a transaction started by Database.transaction');
    hooks.push(hook);
  }

  /**
   * Reads outside a transaction: each query holds a pooled connection only while it runs, so a burst of
   * page loads (a hall of delegates opening the meeting) does not queue for whole transactions.
   */
  read<R>(fn: (db: Db) => Promise<R>): Promise<R> {
    return fn(this.prisma);
  }
}
