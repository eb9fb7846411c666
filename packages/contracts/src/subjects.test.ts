import { describe, expect, it } from 'vitest';
import { EVENT_FAMILIES, EVENTS } from './subjects.js';

const subjects = Object.values(EVENTS).flatMap((group) => Object.values(group) as string[]);
const families = Object.values(EVENT_FAMILIES);
const isIn = (subject: string, family: string) =>
  subject.startsWith(family.slice(0, -1)) && !subject.slice(family.length - 1).includes('.');

describe('event families', () => {
  it('are one-level wildcards of the event stream', () => {
    for (const family of families) expect(family).toMatch(/^evt\.[a-z]+\.[a-z-]+\.\*$/);
  });

  it('each take in events that are published, and no event is in two', () => {
    for (const family of families)
      expect(
        subjects.filter((s) => isIn(s, family)),
        family,
      ).not.toEqual([]);
    for (const subject of subjects) {
      expect(families.filter((f) => isIn(subject, f)).length, subject).toBeLessThanOrEqual(1);
    }
  });
});
