import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { firstLoadChunk } from './scripts/lib/vite-first-load-chunk.ts';
import { precompress } from './scripts/lib/vite-precompress.ts';
import { librarySwaps } from './scripts/lib/vite-library-swaps.ts';
import { strictCsp } from './scripts/lib/vite-strict-csp.ts';
import { FIRST_PAINT_NAMESPACES } from './src/portal/app/first-paint-namespaces.ts';
import { ADMIN_NAMESPACES } from './src/shared/texts/namespaces.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

const firstLoad = firstLoadChunk();

// The portal's HTML entry points live in src/portal; schemas/ and locales/ are read from the project root.
export default defineConfig({
  root: `${root}src/portal`,
  publicDir: false,
  envDir: root,
  // The library internals the build swaps, and why: scripts/lib/vite-library-swaps.ts.
  plugins: [react(), strictCsp(), precompress(), ...librarySwaps(root), firstLoad.plugin],
  // `npm run dev` serves the portal on :5173; its configuration comes from the services started by
  // `npm run serve`, whose origins it then calls directly (they allow this origin), so /api needs no
  // proxy. No folder under src/portal is named api, so that path never serves portal modules.
  server: {
    fs: { allow: [root] },
    proxy: Object.fromEntries(
      ['/portal-config.json', '/dev/outbox', '/gallery/forms'].map((path) => [path, process.env.DEV_API_ORIGIN ?? 'http://localhost:3002']),
    ),
  },
  build: {
    outDir: `${root}dist/portal`,
    emptyOutDir: true,
    // Maps are written for debugging but not referenced from the code; the server serves them in
    // development only.
    sourcemap: 'hidden',
    // The first-load chunk holds everything the entry imports statically (about 400 KB minified,
    // 128 KB gzip); MSAL is a chunk of its own (`session`, about 58 KB gzip).
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      input: { index: `${root}src/portal/index.html` },
      // Texts come in two chunks per language, not one per namespace: those the first render waits
      // for, and the rest (which every page but home waits for). Fewer requests matter most on a
      // connection that carries six at a time. The admin area's texts are a third chunk, which no
      // learner's page loads.
      output: {
        codeSplitting: {
          groups: [
            // What the entry imports statically, in one chunk (scripts/lib/vite-first-load-chunk.ts), and
            // the few bytes of the hatch for text keys read at run time (src/portal/ui/texts/runtime-text.ts),
            // which the home page's pending list shares with the forms: else a chunk, and a request, of its own.
            { name: 'first-load', priority: 0, test: (id) => firstLoad.test(id) || id.endsWith('/src/portal/ui/texts/runtime-text.ts') },
            // MSAL (and the token decoder beside it): one chunk of its own, asked for at once by
            // start-up's sign-in (src/portal/auth/session-start.ts), which the first paint does not wait
            // for. Only packages: a group also takes its modules' imports, and the portal's own modules
            // here import what the first load shares.
            { name: 'session', priority: 4, test: /[\\/]node_modules[\\/](?:@azure[\\/]msal-(?:browser|common)|jose)[\\/]/ },
            ...['en', 'ja'].flatMap((lang) => [
              {
                name: `texts-${lang}-admin`,
                priority: 3,
                test: new RegExp(`[\\/]locales[\\/]${lang}[\\/](?:${ADMIN_NAMESPACES.join('|')})\\.json$`),
              },
              {
                name: `texts-${lang}`,
                priority: 2,
                test: new RegExp(`[\\/]locales[\\/]${lang}[\\/](?:${FIRST_PAINT_NAMESPACES.join('|')})\\.json$`),
              },
              { name: `texts-${lang}-more`, priority: 1, test: new RegExp(`[\\/]locales[\\/]${lang}[\\/][^\\/]+\\.json$`) },
            ]),
          ],
        },
      },
    },
  },
  test: {
    root,
    globals: true,
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    // RJSF's core goes through Vite in tests too, so forms render there with the registry they have in the build.
    server: { deps: { inline: [/@rjsf[\\/]core/] } },
    testTimeout: 20000,
    hookTimeout: 60000,
  },
});
