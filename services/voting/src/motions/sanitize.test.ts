import { describe, expect, it } from 'vitest';
import { sanitizeMotionName } from './sanitize.js';

describe('sanitizeMotionName', () => {
  // Text that is not markup stays, entity-escaped as the sanitiser writes it (the UI renders it as typed).
  it.each([
    ['Adopt the budget', 'Adopt the budget'],
    ['Approve item a<b', 'Approve item a&lt;b'],
    ['a<b', 'a&lt;b'],
    ['a</b', 'a&lt;/b'],
    ['a<b c', 'a&lt;b c'],
    ['< 18', '&lt; 18'],
    ['Under <18 and >65', 'Under &lt;18 and &gt;65'],
    ['x < y > z', 'x &lt; y &gt; z'],
    ['Fish & Chips', 'Fish &amp; Chips'],
    ['Fish &amp; Chips', 'Fish &amp; Chips'],
    ['&lt;b&gt; is bold', '&lt;b&gt; is bold'],
    ['&copy; 2026', '© 2026'],
    ['a<b<i>c</i>', 'a&lt;b<i>c</i>'],
    // Allowed formatting stays; other tags go and their text stays.
    ['<b>Elect</b> <i>two</i> delegates', '<b>Elect</b> <i>two</i> delegates'],
    ['<b>Elect</b> <img src=x onerror=alert(1)>delegates', '<b>Elect</b> delegates'],
    ['<p class="x">Adopt</p>', 'Adopt'],
    ['<a href="javascript:alert(1)">Adopt</a>', 'Adopt'],
    ['<b onclick="x()">Adopt</b>', '<b>Adopt</b>'],
    ['a<!-- note -->b', 'ab'],
    ['  Adopt  ', 'Adopt'],
  ])('%o is stored %o', (typed, stored) => {
    expect(sanitizeMotionName(typed)).toEqual({ name: stored, kept: true });
  });

  // Cleaning would drop text the name shows: refused, not stored as something else.
  it.each([
    '<script>alert(1)</script>Adopt',
    'Adopt<style>b{}</style>',
    '<textarea>Note</textarea> Adopt',
    '<b title="a>b">Adopt</b>',
    'a <!-- x > y --> b',
  ])('%o is not kept', (typed) => {
    expect(sanitizeMotionName(typed).kept).toBe(false);
  });
});
