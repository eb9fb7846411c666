import { describe, expect, it } from 'vitest';
import { colourFor, formatPrefix, LineSplitter, Output, prefixedWriter, wantsColour } from './lines.js';

describe('formatPrefix', () => {
  it('pads the name to the column width', () => {
    expect(formatPrefix('nats', 8)).toBe('nats     | ');
    expect(formatPrefix('identity', 8)).toBe('identity | ');
  });

  it('wraps the column in an ANSI colour when given one', () => {
    expect(formatPrefix('nats', 6, 36)).toBe('\x1b[36mnats   |\x1b[0m ');
  });

  it('cycles through the palette', () => {
    expect(colourFor(0)).toBe(colourFor(10));
    expect(colourFor(0)).not.toBe(colourFor(1));
  });
});

describe('LineSplitter', () => {
  it('keeps a line cut across chunks until its end arrives', () => {
    const s = new LineSplitter();
    expect(s.push('one\ntw')).toEqual(['one']);
    expect(s.push('o\nthree')).toEqual(['two']);
    expect(s.flush()).toEqual(['three']);
    expect(s.flush()).toEqual([]);
  });

  it('drops Windows line endings and keeps empty lines', () => {
    const s = new LineSplitter();
    expect(s.push('a\r\n\r\nb\n')).toEqual(['a', '', 'b']);
  });
});

describe('prefixedWriter', () => {
  it('prefixes every whole line and writes the unfinished one at the end', () => {
    const written: string[] = [];
    const w = prefixedWriter('gw | ', (t) => written.push(t));
    w.write('listening\nready');
    w.write(' now\n{"level":30');
    w.end();
    expect(written.join('')).toBe('gw | listening\ngw | ready now\ngw | {"level":30\n');
  });
});

describe('wantsColour', () => {
  it('colours a TTY unless NO_COLOR, and anything with FORCE_COLOR', () => {
    expect(wantsColour({ isTTY: true }, {})).toBe(true);
    expect(wantsColour({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(wantsColour({ isTTY: false }, {})).toBe(false);
    expect(wantsColour({}, { FORCE_COLOR: '1' })).toBe(true);
    expect(wantsColour({ isTTY: true }, { FORCE_COLOR: '0', NO_COLOR: '1' })).toBe(false);
  });
});

describe('Output', () => {
  it('gives each name its own colour, the same every time, and splits stdout from stderr', () => {
    const out: string[] = [];
    const err: string[] = [];
    const o = new Output(
      8,
      true,
      (t) => out.push(t),
      (t) => err.push(t),
    );
    expect(o.prefix('identity')).toBe(o.prefix('identity'));
    expect(o.prefix('identity')).not.toBe(o.prefix('gateway').replace('gateway ', 'identity'));
    o.writers('gateway').err.write('boom\n');
    o.info('up', 'hello');
    expect(err.join('')).toContain('boom');
    expect(out.join('')).toContain('hello');
  });

  it('writes plain text when colour is off', () => {
    const out: string[] = [];
    const o = new Output(4, false, (t) => out.push(t));
    o.info('up', 'ready');
    expect(out).toEqual(['up   | ready\n']);
  });
});

describe('prefixedWriter with a filter', () => {
  it('drops the lines the filter rejects', () => {
    const written: string[] = [];
    const w = prefixedWriter(
      'pg | ',
      (t) => written.push(t),
      (line) => line.includes('FATAL'),
    );
    w.write('LOG: checkpoint\nFATAL: no\nLOG: more\n');
    w.end();
    expect(written).toEqual(['pg | FATAL: no\n']);
  });
});
