import {
  AppError,
  isSiteAdmin,
  type TRequestContext,
  type ZBypassCreateInput,
  type ZBypassCreateReply,
} from '@gavel/contracts';
import { isUniqueViolation } from '@gavel/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { UserRepository } from '../users/user.repository.js';
import { editTargetProblem } from '../users/user.rules.js';
import { BypassCodeRepository } from './bypass-code.repository.js';
import { generateBypassCode, isSitePath, normalizeBypassCode } from './bypass-code.rules.js';

const INVALID_CODE = 'This code is invalid or has expired.';
/**
 * How long after a code's use the attempt that used it is answered again: long enough for a browser to
 * retry after the gateway gave up waiting (its timeout is seconds), short enough that the code is soon
 * plainly used.
 */
export const BYPASS_RETRY_SECONDS = 120;
/** Tries when a fresh code happens to equal an existing one of the tenant (1 in 2 billion per code). */
const CREATE_ATTEMPTS = 5;

@Injectable()
export class BypassCodeService {
  constructor(
    @Inject(BypassCodeRepository) private readonly codes: BypassCodeRepository,
    @Inject(UserRepository) private readonly users: UserRepository,
  ) {}

  /**
   * Signs in with a one-time code of the caller's tenant; the code is used up. `attempt` is the gateway's
   * key of this sign-in attempt: the same attempt again within BYPASS_RETRY_SECONDS of the use gets the
   * same answer (its first answer may never have reached the browser); any other is refused.
   */
  async redeem(
    ctx: TRequestContext,
    code: string,
    attempt: string | null = null,
  ): Promise<{ userId: string; body: { to: string } }> {
    const normalized = normalizeBypassCode(code);
    const used =
      (await this.codes.redeem(ctx.tenantId, normalized, attempt)) ??
      (attempt ? await this.codes.usedBy(ctx.tenantId, normalized, attempt, BYPASS_RETRY_SECONDS) : null);
    if (!used) throw new AppError('unauthenticated', INVALID_CODE);
    return { userId: used.userId, body: { to: used.to } };
  }

  /** A new one-time code for a user of the caller's tenant (site admins; the seed). */
  async create(
    ctx: TRequestContext,
    input: z.output<typeof ZBypassCreateInput>,
  ): Promise<z.infer<typeof ZBypassCreateReply>> {
    if (!isSiteAdmin(ctx)) throw new AppError('forbidden', 'You are not allowed to create bypass codes.');
    if (!isSitePath(input.to)) {
      throw new AppError('bad_request', 'The given data was invalid.', {
        to: ['The address must be a path of this site.'],
      });
    }
    const access = await this.users.findAccess(ctx.tenantId, input.userId);
    if (!access) throw new AppError('not_found', 'User not found.');
    // A code signs in as its user: no one may get one for a user they could not edit (a global admin).
    const targetProblem = editTargetProblem(
      ctx,
      access.roles.map((r) => r.name),
    );
    if (targetProblem) throw new AppError('forbidden', targetProblem);
    const { user } = access;
    const expiresAt = new Date(Date.now() + input.ttlMinutes * 60_000);
    for (let attempt = 1; ; attempt++) {
      try {
        const row = await this.codes.create(ctx.tenantId, {
          userId: user.id,
          code: generateBypassCode(),
          to: input.to,
          expiresAt,
        });
        return { code: row.code, to: row.to, expires_at: row.expiresAt.toISOString() };
      } catch (err) {
        if (!isUniqueViolation(err) || attempt >= CREATE_ATTEMPTS) throw err;
      }
    }
  }
}
