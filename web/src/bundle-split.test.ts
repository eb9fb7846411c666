import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';

/** The web workspace (this file is in its src/). */
const webRoot = join(import.meta.dirname, '..');

/** Code a delegate's phone has no use for: fetched only by the pages and actions that need it. */
const LAZY_ONLY =
  /node_modules\/(@tiptap|prosemirror-[^/]+|csv-stringify|react-day-picker)\/|src\/components\/rich-text\/|src\/features\/meetings\/attendance-csv|-page(s)?\.tsx$/;

describe('the build', () => {
  it('keeps the editor, the date pickers, the CSV exports and the admin pages out of the first load', async () => {
    const outDir = await mkdtemp(join(tmpdir(), 'gavel-web-build-'));
    try {
      await build({
        root: webRoot,
        configFile: join(webRoot, 'vite.config.ts'),
        logLevel: 'silent',
        build: { outDir, emptyOutDir: true },
      });
      const html = await readFile(join(outDir, 'index.html'), 'utf8');
      const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
      // The sources each file was built from, by its source map (the tiny runtime chunk has none).
      const sourcesOf = async (file: string) => {
        const map = await readFile(join(outDir, `${file}.map`), 'utf8').catch(() => '{"sources":[]}');
        return (JSON.parse(map) as { sources: string[] }).sources;
      };
      const loadedFirst = (await Promise.all(initial.map(sourcesOf))).flat();
      const pagesFirst = loadedFirst.filter((s) => /-page(s)?\.tsx$/.test(s)).map((s) => s.split('/').pop());
      // The pages every member opens are in the first load; the others are not.
      expect(pagesFirst.sort()).toEqual([
        'bypass-page.tsx',
        'email-vote-page.tsx',
        'login-page.tsx',
        'meeting-page.tsx',
        'member-home-page.tsx',
        'not-found-page.tsx',
        'route-error-page.tsx',
      ]);
      expect(
        loadedFirst.filter((s) => LAZY_ONLY.test(s) && !pagesFirst.includes(s.split('/').pop())),
      ).toEqual([]);
      // They are built all the same, in chunks fetched when first needed.
      const chunks = (await readdir(join(outDir, 'assets'))).filter((f) => f.endsWith('.js'));
      const everything = (await Promise.all(chunks.map((f) => sourcesOf(`assets/${f}`)))).flat();
      expect(everything.some((s) => s.includes('node_modules/@tiptap/core/'))).toBe(true);
      expect(everything.some((s) => s.endsWith('admin-home-page.tsx'))).toBe(true);
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  }, 120_000);
});
