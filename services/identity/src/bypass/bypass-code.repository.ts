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
   * Marks an unused, unexpired code as used and answers whom it signs in and where to, in one statement:
   * of two concurrent uses exactly one gets the row. Null when there is no such code.
   */
  async redeem(tenantId: string, code: string): Promise<{ userId: string; to: string } | null> {
    if (!isUuid(tenantId)) return null;
    const rows = await this.prisma.$queryRaw<{ userId: string; to: string }[]>`
      UPDATE ${table(IDENTITY_SCHEMA, 'bypass_codes')} SET used_at = now()
      WHERE tenant_id = ${tenantId}::uuid AND code = ${code} AND used_at IS NULL AND expires_at > now()
      RETURNING user_id::text AS "userId", "to"`;
    return rows[0] ?? null;
  }
}
