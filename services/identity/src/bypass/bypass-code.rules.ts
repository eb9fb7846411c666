import { randomInt } from 'node:crypto';
import { BYPASS_CODE_LENGTH } from '@gavel/contracts';

export const BYPASS_CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A fresh code: BYPASS_CODE_LENGTH characters drawn uniformly from [A-Z0-9] by a CSPRNG. */
export function generateBypassCode(random: (max: number) => number = randomInt): string {
  let code = '';
  for (let i = 0; i < BYPASS_CODE_LENGTH; i++)
    code += BYPASS_CODE_ALPHABET[random(BYPASS_CODE_ALPHABET.length)];
  return code;
}

/** Codes are stored upper case, so what a user types matches whatever its case. */
export function normalizeBypassCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * Where a code may send its user: a path of this site. '//host' and '/\host' are refused, since browsers
 * read them as another site (an open redirect).
 */
export function isSitePath(to: string): boolean {
  const controlCharacter = [...to].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
  return to.startsWith('/') && !to.startsWith('//') && !to.startsWith('/\\') && !controlCharacter;
}
