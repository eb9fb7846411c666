import { z } from 'zod';

/** Line breaks, tabs and the other control characters: never meant in a one-line field. */
const CONTROL_RUNS = /[\p{Cc}\p{Zl}\p{Zp}]+/gu;

/** `text` with each run of control characters (a pasted line break, a tab) as one space. */
export function oneLine(text: string): string {
  return text.replace(CONTROL_RUNS, ' ');
}

/**
 * A one-line text field (a name, a position, a place), trimmed, with control characters as spaces: a line
 * break in a meeting's name would otherwise start a new line of its calendar file or a CSV row's cell.
 */
export function oneLineText() {
  return z.string().overwrite(oneLine).trim();
}
