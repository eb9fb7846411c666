/**
 * Output of several processes on one terminal: every line gets the name of the process it came from,
 * padded to a common width and coloured when the terminal supports it.
 */

const COLOURS = [36, 35, 33, 32, 34, 96, 95, 93, 92, 94];

/** The `name | ` column in front of each line; `colour` is an ANSI colour code or undefined for none. */
export function formatPrefix(name: string, width: number, colour?: number): string {
  const padded = name.padEnd(width);
  return colour === undefined ? `${padded} | ` : `\x1b[${colour}m${padded} |\x1b[0m `;
}

/** A stable colour per position, cycling through a palette that reads well on dark and light terminals. */
export function colourFor(index: number): number {
  return COLOURS[index % COLOURS.length] as number;
}

/** Whether to colour: a TTY, unless NO_COLOR is set; FORCE_COLOR turns it on anywhere. */
export function wantsColour(stream: { isTTY?: boolean }, env: Record<string, string | undefined>): boolean {
  if (env.FORCE_COLOR && env.FORCE_COLOR !== '0') return true;
  if (env.NO_COLOR) return false;
  return stream.isTTY === true;
}

/**
 * Splits a stream of text chunks into whole lines. A line cut across two chunks is kept until its end
 * arrives; `flush` hands out an unfinished last line when the stream ends.
 */
export class LineSplitter {
  private rest = '';

  push(chunk: string): string[] {
    const parts = (this.rest + chunk).split('\n');
    this.rest = parts.pop() ?? '';
    return parts.map(stripCarriageReturn);
  }

  flush(): string[] {
    const last = this.rest;
    this.rest = '';
    return last === '' ? [] : [stripCarriageReturn(last)];
  }
}

function stripCarriageReturn(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

/** Text written to `write` with `prefix` before each line; `end()` writes an unfinished last line. */
export interface PrefixedWriter {
  write(chunk: string): void;
  end(): void;
}

export function prefixedWriter(
  prefix: string,
  write: (text: string) => void,
  keep: (line: string) => boolean = () => true,
): PrefixedWriter {
  const splitter = new LineSplitter();
  const emit = (lines: string[]) => {
    const kept = lines.filter(keep);
    if (kept.length > 0) write(kept.map((line) => `${prefix}${line}\n`).join(''));
  };
  return {
    write: (chunk) => emit(splitter.push(chunk)),
    end: () => emit(splitter.flush()),
  };
}

/** Where the launcher writes: one prefixed writer per process name, all with the same column width. */
export class Output {
  private readonly names: string[] = [];

  constructor(
    private readonly width: number,
    private readonly colour: boolean,
    private readonly stdout: (text: string) => void = (t) => process.stdout.write(t),
    private readonly stderr: (text: string) => void = (t) => process.stderr.write(t),
  ) {}

  prefix(name: string): string {
    let index = this.names.indexOf(name);
    if (index === -1) index = this.names.push(name) - 1;
    return formatPrefix(name, this.width, this.colour ? colourFor(index) : undefined);
  }

  /** Writers for one process's stdout and stderr; `keep` drops the lines it answers false for. */
  writers(name: string, keep?: (line: string) => boolean): { out: PrefixedWriter; err: PrefixedWriter } {
    const prefix = this.prefix(name);
    return { out: prefixedWriter(prefix, this.stdout, keep), err: prefixedWriter(prefix, this.stderr, keep) };
  }

  /** One line from the launcher itself about `name`. */
  info(name: string, message: string): void {
    this.stdout(`${this.prefix(name)}${message}\n`);
  }

  error(name: string, message: string): void {
    this.stderr(`${this.prefix(name)}${this.colour ? `\x1b[31m${message}\x1b[0m` : message}\n`);
  }
}
