import { chmodSync, existsSync, mkdirSync, mkdtempSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findBinary, firstClosedAncestor, hydrateSymlinks, isNotableLine, serverArgs } from './infra.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gavel-deploy-'));
  dirs.push(dir);
  return dir;
}

describe('findBinary', () => {
  it('finds an executable on the PATH and nothing when it is missing', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'fake-server'), '#!/bin/sh\n', { mode: 0o755 });
    writeFileSync(join(dir, 'not-executable'), '', { mode: 0o644 });
    expect(findBinary('fake-server', `/nonexistent:${dir}`)).toBe(join(dir, 'fake-server'));
    expect(findBinary('not-executable', dir)).toBeUndefined();
    expect(findBinary('no-such-server-anywhere', dir)).toBeUndefined();
  });
});

describe('serverArgs', () => {
  it('starts NATS with JetStream and Redis on the given address, port and data folder', () => {
    expect(serverArgs('nats', '127.0.0.1', 4222, '/d')).toEqual([
      '-js',
      '-a',
      '127.0.0.1',
      '-p',
      '4222',
      '-sd',
      '/d',
    ]);
    expect(serverArgs('redis', 'localhost', 6379, '/d')).toEqual([
      '--bind',
      '127.0.0.1',
      '--port',
      '6379',
      '--dir',
      '/d',
      '--appendonly',
      'no',
    ]);
  });
});

describe('firstClosedAncestor', () => {
  it('names the first folder other users cannot enter', () => {
    const root = tempDir();
    chmodSync(root, 0o755);
    const closed = join(root, 'closed');
    mkdirSync(join(closed, 'inner'), { recursive: true, mode: 0o700 });
    chmodSync(closed, 0o700);
    expect(firstClosedAncestor(join(closed, 'inner', 'data'))).toBe(closed);
    chmodSync(closed, 0o711);
    expect(firstClosedAncestor(join(closed, 'inner'))).toBe(join(closed, 'inner'));
  });
});

describe('hydrateSymlinks', () => {
  it('makes the library links the postinstall script would have made, once', () => {
    const pkg = tempDir();
    const lib = join(pkg, 'native', 'lib');
    mkdirSync(lib, { recursive: true });
    writeFileSync(join(lib, 'libicuuc.so.60.2'), 'library');
    writeFileSync(
      join(pkg, 'native', 'pg-symlinks.json'),
      JSON.stringify([
        { source: 'native/lib/libicuuc.so.60.2', target: 'native/lib/libicuuc.so.60' },
        { source: 'native/lib/libicuuc.so.60.2', target: 'native/lib/libicuuc.so' },
      ]),
    );
    hydrateSymlinks(join(pkg, 'native'));
    hydrateSymlinks(join(pkg, 'native'));
    expect(readlinkSync(join(lib, 'libicuuc.so.60'))).toBe('libicuuc.so.60.2');
    expect(existsSync(join(lib, 'libicuuc.so'))).toBe(true);
  });
});

describe('isNotableLine', () => {
  it('keeps problems and the start and stop, drops the chatter', () => {
    const pg = (line: string) => isNotableLine('postgres', line);
    expect(pg('2026-11-21 LOG:  database system is ready to accept connections')).toBe(true);
    expect(pg('FATAL:  could not create lock file')).toBe(true);
    expect(pg('LOG:  checkpoint starting: shutdown immediate')).toBe(false);
    expect(pg('The files belonging to this database system will be owned by user "postgres".')).toBe(false);
    expect(isNotableLine('nats', '[21255] 2026/11/21 23:45:33.873195 [INF] Server is ready')).toBe(true);
    expect(isNotableLine('nats', '[21255] 2026/11/21 23:45:33.858681 [INF] Starting JetStream')).toBe(false);
    expect(isNotableLine('redis', '21256:M 21 Nov 2026 23:45:33.880 * Ready to accept connections')).toBe(
      true,
    );
    expect(isNotableLine('redis', '21256:M 21 Nov 2026 23:45:33.875 * monotonic clock: POSIX')).toBe(false);
    expect(isNotableLine('redis', '# Warning: Could not create server TCP listening socket *:6379')).toBe(
      true,
    );
  });
});
