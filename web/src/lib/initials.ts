export interface InitialsSource {
  first_name?: string | null;
  displayed_first_name?: string | null;
  last_name?: string | null;
  name?: string | null;
}

function firstLetter(text: string | null | undefined): string {
  const match = text?.trim().match(/\p{L}|\p{N}/u);
  return match ? match[0].toLocaleUpperCase() : '';
}

/** Up to two initials: displayed (or first) name and last name, else the first and last word of `name`. */
export function initialsOf(user: InitialsSource): string {
  const first = firstLetter(user.displayed_first_name) || firstLetter(user.first_name);
  const last = firstLetter(user.last_name);
  if (first || last) return `${first}${last}`;
  const words = (user.name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const initials = firstLetter(words[0]) + (words.length > 1 ? firstLetter(words[words.length - 1]) : '');
  return initials || '?';
}
