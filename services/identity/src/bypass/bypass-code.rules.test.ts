import { describe, expect, it } from 'vitest';
import {
  BYPASS_CODE_ALPHABET,
  generateBypassCode,
  isSitePath,
  normalizeBypassCode,
} from './bypass-code.rules.js';

describe('bypass code rules', () => {
  it('generates 6 characters of [A-Z0-9]', () => {
    for (let i = 0; i < 200; i++) expect(generateBypassCode()).toMatch(/^[A-Z0-9]{6}$/);
  });

  it('maps each random draw over the whole 36-character alphabet', () => {
    let n = 0;
    const code = generateBypassCode((max) => {
      expect(max).toBe(36);
      return (n++ * 7) % max;
    });
    expect(code).toBe('AHOV29');
    const seen = new Set<string>();
    for (let i = 0; i < 400; i++) for (const c of generateBypassCode()) seen.add(c);
    expect(seen.size).toBe(BYPASS_CODE_ALPHABET.length);
  });

  it('compares codes upper case', () => {
    expect(normalizeBypassCode(' ab12cd ')).toBe('AB12CD');
  });

  it('sends users to paths of this site only', () => {
    expect(isSitePath('/')).toBe(true);
    expect(isSitePath('/meeting/ABC/12?tab=votes')).toBe(true);
    expect(isSitePath('//evil.example')).toBe(false);
    expect(isSitePath('/\\evil.example')).toBe(false);
    expect(isSitePath('https://evil.example')).toBe(false);
    expect(isSitePath('/a\nb')).toBe(false);
  });
});
