import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './build/precompress.ts';

const gateway = 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: gateway, changeOrigin: false },
      '/socket.io': { target: gateway, ws: true, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys. The
        // editor's, the date pickers' and the CSV exports' libraries get chunks of their own, fetched only
        // with what uses them (the lazy editor, the lazy admin routes, an export), not by every phone that
        // opens a meeting.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 40 },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 30 },
            {
              name: 'editor',
              test: /node_modules[\\/](@tiptap|prosemirror-[^\\/]+|linkifyjs|orderedmap|rope-sequence|w3c-keyname)[\\/]/,
              priority: 20,
            },
            { name: 'csv', test: /node_modules[\\/]csv-stringify[\\/]/, priority: 20 },
            { name: 'calendar', test: /node_modules[\\/]react-day-picker[\\/]/, priority: 20 },
            // A group takes its modules' dependencies along: date-fns, which the pages every member opens
            // use too, would follow react-day-picker into its chunk without this group ahead of it.
            { name: 'dates', test: /node_modules[\\/]date-fns[\\/]/, priority: 25 },
            // zod-config.ts rides with the libraries: the chunks of app code (schemas parsed as they load)
            // all wait on this one, so zod is configured before any of them runs.
            { name: 'vendor', test: /node_modules[\\/]|src[\\/]zod-config\.ts$/, priority: 10 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
