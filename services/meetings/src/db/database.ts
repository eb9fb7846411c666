import { PRISMA } from '@gavel/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { Db, PrismaClient, Tx } from './prisma.js';

/** Starts transactions for services, which pass the handle on to repositories and to runtime.emit. */
@Injectable()
export class Database {
  constructor(@Inject(PRISMA) private readonly prisma: PrismaClient) {}

  transaction<R>(fn: (tx: Tx) => Promise<R>): Promise<R> {
    return this.prisma.$transaction(fn);
  }

  /**
   * Reads outside a transaction: each query holds a pooled connection only while it runs, so a burst of
   * page loads (a hall of delegates opening the meeting) does not queue for whole transactions.
   */
  read<R>(fn: (db: Db) => Promise<R>): Promise<R> {
    return fn(this.prisma);
  }
}
