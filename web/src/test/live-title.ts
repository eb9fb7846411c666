import { expect } from 'vitest';

/**
 * A live page's tab title over the next three ticks of its one-second clock, from the first (odd) tick's
 * plain title: '-- LIVE --' on even ticks (spec section 2).
 */
export function expectLiveTitleAlternating(title: string, nextTick: () => void): void {
  for (const live of [true, false, true]) {
    nextTick();
    expect(document.title).toBe(live ? `-- LIVE -- ${title}` : title);
  }
}
