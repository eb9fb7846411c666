/**
 * The text of a motion name, which may carry inline HTML: what the length rule measures and what the
 * server compares before and after sanitising. Pure and small, so the web form measures a name the same
 * way the server does.
 *
 * A tag is '<' followed by a letter, '/', '!' or '?' and running to the next '>' with no '<' before it
 * (`<b>`, `</i>`, `<!-- c -->`, `<br />`). Any other '<' is text: `a<b`, `< 18`, `<3`, and a '<b' never
 * closed by '>'.
 */
const TAG_REST = '[A-Za-z/!?][^<>]*>';
const TAG = new RegExp(`<${TAG_REST}`, 'g');
const LOOSE_LESS_THAN = new RegExp(`<(?!${TAG_REST})`, 'g');

/**
 * The entities the text of a name may hold: what HTML sanitisers and editors write in text (`&amp;`,
 * `&lt;`, `&gt;`, `&quot;`, `&nbsp;`) and numeric references. Decoded in one pass, so `&amp;lt;` reads
 * `&lt;`.
 */
const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos|nbsp));/g;
const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

function codePoint(code: number): string {
  return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
    ? String.fromCodePoint(code)
    : '\ufffd';
}

function decodeEntities(text: string): string {
  return text.replace(ENTITY, (whole, dec: string | undefined, hex: string | undefined, name?: string) => {
    if (dec !== undefined) return codePoint(Number.parseInt(dec, 10));
    if (hex !== undefined) return codePoint(Number.parseInt(hex, 16));
    return (name && NAMED[name]) ?? whole;
  });
}

/** The HTML with every '<' that does not start a tag written `&lt;`, so no sanitiser reads it as one. */
export function escapeLooseLessThan(html: string): string {
  return html.replace(LOOSE_LESS_THAN, '&lt;');
}

/** The HTML without its tags, entities left as written. */
export function stripTags(html: string): string {
  return html.replace(TAG, '');
}

/** The text a name shows: tags removed, entities decoded, trimmed (`&amp;` is 1 character, `<b>x</b>` 1). */
export function visibleText(html: string): string {
  return decodeEntities(stripTags(html)).trim();
}
