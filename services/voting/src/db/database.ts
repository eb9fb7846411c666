import { PRISMA } from '@gavel/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { PrismaClient, Tx } from './prisma.js';

/** Starts transactions for services, which pass the handle on to repositories and to runtime.emit. */
@Injectable()
export class Database {
  constructor(@Inject(PRISMA) readonly client: PrismaClient) {}

  transaction<R>(fn: (tx: Tx) => Promise<R>): Promise<R> {
    return this.client.$transaction(fn, { timeout: 20_000, maxWait: 10_000 });
  }
}
