import { describe, expect, it } from 'vitest';
import { RICH_TEXT_LINK_REL, sanitizeInlineText, sanitizeRichText } from './rich-text.js';

const REL = `rel="${RICH_TEXT_LINK_REL}"`;

/**
 * What tiptap 3's StarterKit writes (editor.getHTML(), headings on) for a description using every mark
 * and node it has: the web's editor turns headings off, and writes the rest exactly like this.
 */
const TIPTAP_DOCUMENT =
  '<h2>Agenda</h2><h3>Item</h3>' +
  '<p><strong>Bold</strong>, <em>italic</em>, <u>underlined</u>, <s>struck</s> and <strong><em>both</em></strong>.</p>' +
  '<ul><li><p>Call to order</p></li><li><p>Budget, see ' +
  `<a target="_blank" ${REL} href="https://ok.example/budget?y=2026&amp;q=1">the draft</a></p>` +
  '<ol><li><p>Income</p></li></ol></li></ul>' +
  '<ol start="3"><li><p>Third</p></li></ol>' +
  '<blockquote><p>Quoted</p></blockquote>' +
  `<p>Mail <a target="_blank" ${REL} href="mailto:chair@ok.example">the chair</a> or call ` +
  `<a target="_blank" ${REL} href="tel:+15550100">+1 555 0100</a>.</p>` +
  '<p></p><p>End</p>';

describe('sanitizeRichText', () => {
  it('keeps what the editor writes unchanged', () => {
    expect(sanitizeRichText(TIPTAP_DOCUMENT)).toBe(TIPTAP_DOCUMENT);
    // Hard breaks and rules come back self-closed, which the editor reads back as the same document.
    expect(sanitizeRichText('<p>line<br>break</p><hr><p>x</p>')).toBe('<p>line<br />break</p><hr /><p>x</p>');
    expect(sanitizeRichText('<ol start="2" type="a"><li><p>b</p></li></ol>')).toBe(
      '<ol start="2" type="a"><li><p>b</p></li></ol>',
    );
  });

  it('drops classes, so the app CSS cannot lay text over the page', () => {
    expect(sanitizeRichText('<p class="fixed"><span class="fixed inset-0 z-50">Over</span> all</p>')).toBe(
      '<p><span>Over</span> all</p>',
    );
  });

  it('drops images, so viewers are not tracked', () => {
    expect(sanitizeRichText('<p>a<img src="https://tracker.example/x.png">b</p>')).toBe('<p>ab</p>');
    expect(sanitizeRichText('<img src="https://tracker.example/x.png" />')).toBeNull();
  });

  it('drops scripts, styles and event handlers', () => {
    expect(
      sanitizeRichText('<p onclick="x()" style="position:fixed" id="a">Hi<script>alert(1)</script></p>'),
    ).toBe('<p>Hi</p>');
    expect(
      sanitizeRichText('<style>body{display:none}</style><iframe src="https://x.example"></iframe>'),
    ).toBeNull();
    expect(sanitizeRichText('  <script>x</script> ')).toBeNull();
    expect(sanitizeRichText('')).toBeNull();
    expect(sanitizeRichText(null)).toBeNull();
    expect(sanitizeRichText(undefined)).toBeNull();
  });

  it('links only to http(s), mailto and tel, always with noopener noreferrer', () => {
    expect(RICH_TEXT_LINK_REL.split(' ')).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java&#x09;script:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
    ])
      expect(sanitizeRichText(`<p><a href="${href}">x</a></p>`)).toBe(`<p><a ${REL}>x</a></p>`);
    expect(sanitizeRichText('<a target="_blank" href="https://ok.example">ok</a>')).toBe(
      `<a target="_blank" href="https://ok.example" ${REL}>ok</a>`,
    );
    expect(sanitizeRichText('<a href="https://ok.example" rel="opener">ok</a>')).toBe(
      `<a href="https://ok.example" ${REL}>ok</a>`,
    );
    // No other target (_top, a named window): only a new tab.
    expect(sanitizeRichText('<a target="_top" href="https://ok.example" class="fixed">ok</a>')).toBe(
      `<a href="https://ok.example" ${REL}>ok</a>`,
    );
  });

  it('keeps a list number and numbering only when they are one', () => {
    expect(sanitizeRichText('<ol start="x" type="disc" reversed><li>a</li></ol>')).toBe(
      '<ol><li>a</li></ol>',
    );
  });

  it('gives the same result when run twice', () => {
    const once = sanitizeRichText(`${TIPTAP_DOCUMENT}<p><a href="https://ok.example">x</a><br></p>`);
    expect(sanitizeRichText(once)).toBe(once);
  });
});

describe('sanitizeInlineText', () => {
  it('keeps inline formatting only', () => {
    expect(sanitizeInlineText('<strong>Elect</strong> <em>two</em> <u>u</u> <s>s</s>')).toBe(
      '<strong>Elect</strong> <em>two</em> <u>u</u> <s>s</s>',
    );
    expect(
      sanitizeInlineText(
        '<p><b onclick="x">Elect</b> <img src=x onerror=alert(1)><a href="https://x.example">delegates</a><span class="fixed inset-0">!</span></p>',
      ),
    ).toBe('<b>Elect</b> delegates<span>!</span>');
  });
});
