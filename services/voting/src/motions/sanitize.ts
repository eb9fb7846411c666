import { sanitizeInlineText } from '@gavel/service-kit';
import { escapeLooseLessThan, stripTags, visibleText } from '@gavel/voting-rules';

/**
 * A motion name as stored: inline HTML through the shared allowlist (sanitize-html), with every '<'
 * that starts no tag kept as text first (`a<b`, `< 18`: the sanitiser would read an unclosed '<b' as a
 * tag and drop the rest). `kept` is false when cleaning would lose text the name shows (a script's
 * text, a comment or quoted attribute holding a '>'): the name is then refused rather than stored as
 * something else. Tags outside the allowlist go, their text stays.
 */
export function sanitizeMotionName(value: string): { name: string; kept: boolean } {
  const marked = escapeLooseLessThan(value);
  const name = sanitizeInlineText(marked);
  // The text as typed, its entities read by the same sanitiser: no '<' is left once the tags are out.
  const typed = visibleText(sanitizeInlineText(stripTags(marked)));
  return { name, kept: visibleText(name) === typed };
}
