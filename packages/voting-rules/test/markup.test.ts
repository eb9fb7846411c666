import { describe, expect, it } from 'vitest';
import { escapeLooseLessThan, stripTags, visibleText } from '../src/index.js';

describe('visibleText: the text a name shows', () => {
  it.each([
    ['Adopt the budget', 'Adopt the budget'],
    ['<b>Elect</b> delegates', 'Elect delegates'],
    ['x<br />y', 'xy'],
    ['a<!-- note -->b', 'ab'],
    ['&amp;', '&'],
    ['Fish &amp; Chips', 'Fish & Chips'],
    ['a&lt;b', 'a<b'],
    ['&lt;b&gt;', '<b>'],
    ['&amp;lt;', '&lt;'], // one pass
    ['&quot;x&quot; &apos;y&apos;', '"x" \'y\''],
    ['&#60;&#x3C;&#X3c;', '<<<'],
    ['&#0;&#xD800;&#1114112;', '\ufffd\ufffd\ufffd'],
    ['&copy; &unknown;', '&copy; &unknown;'], // left as written
    ['&nbsp;x&nbsp;', 'x'],
    ['a<b', 'a<b'], // '<b' never closed: text
    ['< 18', '< 18'],
    ['Under <18', 'Under <18'],
    ['a <3 b', 'a <3 b'],
    ['1 < 2 > 0', '1 < 2 > 0'],
    ['a<b<i>c</i>', 'a<bc'],
    ['  <i> x </i>  ', 'x'],
  ])('%o → %o', (html, text) => {
    expect(visibleText(html)).toBe(text);
  });
});

describe('escapeLooseLessThan: a "<" that starts no tag is written &lt;', () => {
  it.each([
    ['a<b', 'a&lt;b'],
    ['Approve item a<b', 'Approve item a&lt;b'],
    ['< 18', '&lt; 18'],
    ['a</b', 'a&lt;/b'],
    ['a<b c', 'a&lt;b c'],
    ['a<b<i>c</i>', 'a&lt;b<i>c</i>'],
    ['<<i>x</i>', '&lt;<i>x</i>'],
    ['<b>x</b> <br/> <!-- c --> <?pi?>', '<b>x</b> <br/> <!-- c --> <?pi?>'],
    ['1 < 2 > 0', '1 &lt; 2 > 0'],
  ])('%o → %o', (html, escaped) => {
    expect(escapeLooseLessThan(html)).toBe(escaped);
  });

  it('leaves only tags for stripTags to remove', () => {
    expect(stripTags(escapeLooseLessThan('<b>a<b</b> & <i>c</i>'))).toBe('a&lt;b & c');
  });
});
