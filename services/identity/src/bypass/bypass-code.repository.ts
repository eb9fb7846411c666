import { isUuid, PRISMA, table } from '@gavel/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { IDENTITY_SCHEMA, type PrismaClient } from '../db/prisma.js';

export interface BypassCodeRow {
  code: string;
  to: string;
  expiresAt: Date;
}

@Injectable()
export class BypassCodeRepository {
  constructor(@Inject(PRISMA) private readonly prisma: PrismaClient) {}

  create(
    tenantId: string,
    code: { userId: string; code: string; to: string; expiresAt: Date },
  ): Promise<BypassCodeRow> {
    return this.prisma.bypassCode.create({
      data: { tenantId, ...code },
      select: { code: true, to: true, expiresAt: true },
    });
  }

  /**
   * Marks an unused, unexpired code as used by `attempt` and answers whom it signs in and where to, in one
   * statement: of two concurrent uses exactly one gets the row. Null when there is no such code.
   */
  async redeem(
    tenantId: string,
    code: string,
    attempt: string | null,
  ): Promise<{ userId: string; to: string } | null> {
    if (!isUuid(tenantId)) return null;
    const rows = await this.prisma.$queryRaw<{ userId: string; to: string }[]>`
      UPDATE ${table(IDENTITY_SCHEMA, 'bypass_codes')} SET used_at = now(), used_attempt = ${attempt}
      WHERE tenant_id = ${tenantId}::uuid AND code = ${code} AND used_at IS NULL AND expires_at > now()
      RETURNING user_id::text AS "userId", "to"`;
    return rows[0] ?? null;
  }

  /**
   * Whom a code signed in and where to, when `attempt` used it less than `withinSeconds` ago; else null.
   * A separate statement from `redeem`, so it sees a use that a concurrent redeem committed meanwhile.
   */
  async usedBy(
    tenantId: string,
    code: string,
    attempt: string,
    withinSeconds: number,
  ): Promise<{ userId: string; to: string } | null> {
    if (!isUuid(tenantId)) return null;
    const rows = await this.prisma.$queryRaw<{ userId: string; to: string }[]>`
      SELECT user_id::text AS "userId", "to" FROM ${table(IDENTITY_SCHEMA, 'bypass_codes')}
      WHERE tenant_id = ${tenantId}::uuid AND code = ${code} AND used_attempt = ${attempt}
        AND used_at > now() - make_interval(secs => ${withinSeconds})`;
    return rows[0] ?? null;
  }
}
