import sanitizeHtml from 'sanitize-html';

/** Inline formatting only: motion names may carry emphasis, nothing else. */
const INLINE: sanitizeHtml.IOptions = {
  allowedTags: ['b', 'strong', 'i', 'em', 'u', 's', 'sub', 'sup', 'br', 'span'],
  allowedAttributes: {},
};

/** Rich text of bodies and descriptions (what the tiptap editor produces), links only to http(s)/mailto. */
const RICH: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'sub',
    'sup',
    'span',
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
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

export function sanitizeName(value: string): string {
  return sanitizeHtml(value, INLINE).trim();
}

export function sanitizeRich(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const clean = sanitizeHtml(value, RICH).trim();
  return clean === '' ? null : clean;
}

/** Text without any markup (response labels, length checks); the UI renders these as text, never HTML. */
export function plainText(value: string): string {
  return value.replace(/<[^>]*>?/g, '').trim();
}
