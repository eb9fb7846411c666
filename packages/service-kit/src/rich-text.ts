import sanitizeHtml from 'sanitize-html';

/**
 * The rel every stored link carries: what the web's tiptap editor writes itself, so that its links are
 * stored unchanged, and in any case noopener noreferrer (a link opened in a new tab gets no handle on
 * the app's window and no referrer).
 */
export const RICH_TEXT_LINK_REL = 'noopener noreferrer nofollow';

/**
 * Inline formatting: what the one-line editor (motion names) writes (bold, italic, underline, strike), and
 * the sub/sup, br and bare span motion names have always kept. No attributes at all.
 */
const INLINE_TAGS = ['b', 'strong', 'i', 'em', 'u', 's', 'sub', 'sup', 'br', 'span'];

const INLINE: sanitizeHtml.IOptions = { allowedTags: INLINE_TAGS, allowedAttributes: {} };

/** The attributes of a tag kept only with one of these values (any other value drops the attribute). */
function keepOnly(
  attribs: sanitizeHtml.Attributes,
  allowed: Record<string, RegExp>,
): sanitizeHtml.Attributes {
  const kept: sanitizeHtml.Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    const pattern = allowed[name];
    if (!pattern || pattern.test(value)) kept[name] = value;
  }
  return kept;
}

/**
 * What the web's rich-text editor (tiptap's StarterKit: paragraphs, bold, italic, underline, strike,
 * lists, blockquotes, rules, hard breaks and links) writes, and the headings (h1-h4) and code the
 * motions' allowlist has always kept. No images (the editor inserts none), no class or style (the app's
 * CSS could lay text over the whole page) and no event handlers; links only to http(s), mailto and tel,
 * always with RICH_TEXT_LINK_REL and at most target="_blank".
 */
const RICH: sanitizeHtml.IOptions = {
  allowedTags: [
    ...INLINE_TAGS,
    'p',
    'ul',
    'ol',
    'li',
    'blockquote',
    'h1',
    'h2',
    'h3',
    'h4',
    'code',
    'pre',
    'hr',
    'a',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], ol: ['start', 'type'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...keepOnly(attribs, { target: /^_blank$/ }), rel: RICH_TEXT_LINK_REL },
    }),
    // A list's first number and its numbering (1, a, A, i, I), as tiptap keeps them from pasted lists.
    ol: (tagName, attribs) => ({
      tagName,
      attribs: keepOnly(attribs, { start: /^-?\d{1,9}$/, type: /^[1aAiI]$/ }),
    }),
  },
};

/** One line of inline formatting (motion names): every other tag goes, its text stays. */
export function sanitizeInlineText(value: string): string {
  return sanitizeHtml(value, INLINE).trim();
}

/**
 * Rich text (descriptions and bodies) as it may be stored and later rendered as HTML by the web; null
 * when nothing is left.
 */
export function sanitizeRichText(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const clean = sanitizeHtml(value, RICH).trim();
  return clean === '' ? null : clean;
}
