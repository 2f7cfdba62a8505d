import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { firstLoadChunk } from './scripts/lib/vite-first-load-chunk.ts';
import { precompress } from './scripts/lib/vite-precompress.ts';
import { strictCsp } from './scripts/lib/vite-strict-csp.ts';
import { ADMIN_NAMESPACES, FIRST_PAINT_NAMESPACES } from './src/portal/app/first-paint-namespaces.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

// RJSF's Form builds its registry from every field, template and widget RJSF ships; the portal's
// forms reach a handful of them, so Form gets src/portal/forms/rjsf-registry.ts in place of that
// module and the rest stays out of the bundle. Only Form's own import of it is swapped.
const rjsfRegistry: Plugin = {
  name: 'rjsf-registry',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === '../getDefaultRegistry.js' && importer && /[\\/]@rjsf[\\/]core[\\/]lib[\\/]components[\\/]Form\.js$/.test(importer)) {
      return `${root}src/portal/forms/rjsf-registry.ts`;
    }
    return null;
  },
};

// react-router's package exports name only its development build, warnings and all
// (remix-run/react-router#12532, meant to be temporary); the production build it ships beside it is
// what the portal's build takes. `npm run dev` and the tests keep the development one.
const reactRouterProduction: Plugin = {
  name: 'react-router-production',
  apply: 'build',
  enforce: 'pre',
  resolveId(source) {
    if (source === 'react-router') return `${root}node_modules/react-router/dist/production/index.mjs`;
    if (source === 'react-router/dom') return `${root}node_modules/react-router/dist/production/dom-export.mjs`;
    return null;
  },
};

// MSAL's controller imports every interaction client, whether or not the configuration can reach
// it. The portal's can reach neither the platform broker (Microsoft Entra ID only; `allowPlatformBroker`
// is never set) nor popups (sign-in and sign-out are redirects), so in the build those modules are
// replaced by stand-ins that throw if ever reached (src/portal/auth/msal-build).
const msalWithoutBrokerOrPopup: Plugin = {
  name: 'msal-without-broker-or-popup',
  apply: 'build',
  enforce: 'pre',
  resolveId(source, importer) {
    if (!importer || !/[\\/]@azure[\\/]msal-browser[\\/]dist[\\/]/.test(importer)) return null;
    const file = source.slice(source.lastIndexOf('/') + 1);
    if (file === 'PlatformAuthProvider.mjs' || file === 'PlatformAuthInteractionClient.mjs') {
      return `${root}src/portal/auth/msal-build/platform-broker-off.ts`;
    }
    if (file === 'PopupClient.mjs') return `${root}src/portal/auth/msal-build/popup-off.ts`;
    return null;
  },
};

const firstLoad = firstLoadChunk();

// The portal's HTML entry points live in src/portal; schemas/ and locales/ are read from the project root.
export default defineConfig({
  root: `${root}src/portal`,
  publicDir: false,
  envDir: root,
  plugins: [react(), strictCsp(), precompress(), rjsfRegistry, reactRouterProduction, msalWithoutBrokerOrPopup, firstLoad.plugin],
  // RJSF's Markdown renderer is never used by the portal's forms (see src/portal/forms/markdown-off.tsx).
  resolve: { alias: [{ find: /^markdown-to-jsx\/react$/, replacement: `${root}src/portal/forms/markdown-off.tsx` }] },
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
    // The first-load chunk holds everything the entry imports statically (about 600 KB minified,
    // 175 KB gzip, what the first load fetched before as five chunks).
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
            // What the entry imports statically, in one chunk (scripts/lib/vite-first-load-chunk.ts).
            { name: 'first-load', priority: 0, test: firstLoad.test },
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
