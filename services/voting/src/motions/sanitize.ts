/** Text without any markup (response labels, length checks); the UI renders these as text, never HTML. */
export function plainText(value: string): string {
  return value.replace(/<[^>]*>?/g, '').trim();
}
