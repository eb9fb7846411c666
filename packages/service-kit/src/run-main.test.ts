/** A process's main() ends the same way whether its start throws at once or rejects later. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const bootstrap = fileURLToPath(new URL('./bootstrap.ts', import.meta.url));

function runMainWith(start: string) {
  const code = `import { runMain } from ${JSON.stringify(bootstrap)};\nrunMain('probe', ${start});`;
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    encoding: 'utf8',
    timeout: 30_000,
  });
}

describe('runMain', () => {
  it('prints why a start that throws at once failed, and exits 1', () => {
    const child = runMainWith(`() => { throw new Error('DATABASE_URL: Required'); }`);
    expect(child.status).toBe(1);
    expect(child.stderr).toContain('probe failed to start: DATABASE_URL: Required');
  });

  it('prints why a start that rejects failed, and exits 1', () => {
    const child = runMainWith(`async () => { throw new Error('NATS is not reachable'); }`);
    expect(child.status).toBe(1);
    expect(child.stderr).toContain('probe failed to start: NATS is not reachable');
  });

  it('leaves a process that started running', () => {
    const child = runMainWith(`async () => { console.log('started'); }`);
    expect(child.status).toBe(0);
    expect(child.stdout).toContain('started');
  });
});
