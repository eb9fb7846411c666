/** A list's search box: case-insensitive, every word of `query` somewhere in `fields`; a blank query matches. */
export function matchesWords(fields: readonly (string | null | undefined)[], query: string): boolean {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fields.filter(Boolean).join(' ').toLowerCase();
  return words.every((w) => haystack.includes(w));
}
