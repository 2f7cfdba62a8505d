/*
 * The floors the browser benchmarks measure the portal against, built by the same Vite as the portal
 * and served the way the services serve the built portal (Fastify's static files, the .br and .gz
 * written beside each script at build time, the portal's cache headers), so a page audit of a floor
 * (bench:lighthouse) and of the portal differ in the page alone. Their head is what a mobile page
 * needs to pass Lighthouse's best practices (a viewport, an icon that costs no request); only the
 * JavaScript is weighed.
 *
 * - The bare page (buildFloor): React 19 alone, a heading and one controlled <input>. bench:web weighs
 *   its JavaScript and types into its <input>.
 * - The library floor (buildLibraryFloor): the seven runtime libraries the portal is built on, each
 *   used the least way a signed-in page must (see LIBRARY_FLOOR_MAIN). bench:web weighs it beside the
 *   portal's first load and checks in the browser that it renders its heading without a request
 *   beyond its own origin.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import react from '@vitejs/plugin-react';
import Fastify, { type FastifyInstance } from 'fastify';
import { build, type Plugin } from 'vite';
import { cacheHeaders } from '../../src/server/http/static';
import { precompress } from './vite-precompress';
import { reactRouterProduction } from './vite-library-swaps';

export interface Floor {
  /** The built page: index.html and assets/. */
  dir: string;
  /** The gzip (level 9) size of its JavaScript. */
  gzipBytes: number;
}

const FLOOR_HTML = (title: string) =>
  `<!doctype html><html lang="en"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>${title}</title></head><body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>`;

const BARE_MAIN = `import { useState } from 'react';
import { createRoot } from 'react-dom/client';
function App() {
  const [value, setValue] = useState('');
  return (<main><h1>Hello</h1><label htmlFor="f">First name</label><input id="f" value={value} onChange={(e) => setValue(e.target.value)} /></main>);
}
createRoot(document.getElementById('root')!).render(<App />);
`;

/** The heading the library floor renders once every library has done its part (bench:web waits for it). */
export const LIBRARY_FLOOR_HEADING = 'Signed-in floor';

/**
 * The library floor's script: react + react-dom, react-router (react-router-dom, as the portal
 * imports it: BrowserRouter and one route), TanStack Query (a client, its provider and one query),
 * i18next with one resource, react-i18next (one translated heading), and MSAL's
 * PublicClientApplication initialised as the portal's is (initialize, handleRedirectPromise, the
 * accounts) with the authority's metadata given, so that it needs no request. The heading shows the
 * number of accounts, so the query's result is used.
 */
const LIBRARY_FLOOR_MAIN = `import { PublicClientApplication } from '@azure/msal-browser';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next, useTranslation } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router-dom';

const issuer = 'https://idp.floor.invalid';
const msal = new PublicClientApplication({
  auth: {
    clientId: 'floor',
    authority: issuer,
    knownAuthorities: ['idp.floor.invalid'],
    authorityMetadata: JSON.stringify({
      issuer,
      authorization_endpoint: issuer + '/auth',
      token_endpoint: issuer + '/token',
      jwks_uri: issuer + '/jwks',
      end_session_endpoint: issuer + '/session/end',
    }),
    redirectUri: window.location.origin + '/',
  },
  cache: { cacheLocation: 'sessionStorage' },
  system: { protocolMode: 'OIDC' },
});

function Home() {
  const { t } = useTranslation();
  const accounts = useQuery({ queryKey: ['accounts'], queryFn: () => Promise.resolve(msal.getAllAccounts()) });
  return <main><h1>{t('heading', { count: accounts.data?.length ?? 0 })}</h1></main>;
}

async function start() {
  await msal.initialize();
  await msal.handleRedirectPromise();
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: { heading: ${JSON.stringify(LIBRARY_FLOOR_HEADING)} + ' ({{count}})' } } },
    interpolation: { escapeValue: false },
  });
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <BrowserRouter>
          <Routes>
            <Route path="*" element={<Home />} />
          </Routes>
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}
void start();
`;

async function buildPage(workDir: string, name: string, title: string, main: string, plugins: Plugin[] = []): Promise<Floor> {
  const src = join(workDir, `${name}-src`);
  const dir = join(workDir, `${name}-dist`);
  rmSync(src, { recursive: true, force: true });
  mkdirSync(src, { recursive: true });
  writeFileSync(join(src, 'index.html'), FLOOR_HTML(title));
  writeFileSync(join(src, 'main.tsx'), main);
  const output = await build({
    root: src,
    configFile: false,
    logLevel: 'silent',
    plugins: [react(), precompress(), ...plugins],
    build: { outDir: dir, emptyOutDir: true, write: true },
  });
  const results = Array.isArray(output) ? output : [output];
  let gzipBytes = 0;
  for (const result of results) {
    if (!('output' in result)) continue;
    for (const chunk of result.output) if (chunk.type === 'chunk') gzipBytes += gzipSync(chunk.code, { level: 9 }).length;
  }
  return { dir, gzipBytes };
}

/** Builds the bare page into `<workDir>/floor-dist` (its sources in `<workDir>/floor-src`). */
export const buildFloor = (workDir: string): Promise<Floor> => buildPage(workDir, 'floor', 'floor', BARE_MAIN);

/**
 * Builds the library floor into `<workDir>/library-floor-dist` (its sources in
 * `<workDir>/library-floor-src`), with the libraries the portal has installed, at their versions.
 *
 * Of the portal's library swaps (scripts/lib/vite-library-swaps.ts) only react-router's is applied:
 * it takes the production build the package ships (its exports name only the development one, a
 * packaging slip the library means to undo), which is the library's own weight. MSAL's swaps (no
 * platform broker, no popups) are the portal's own trimming of what it does not reach, so the floor
 * keeps MSAL whole and the portal's first load is credited with that saving; RJSF's do not concern a
 * page without forms.
 */
export const buildLibraryFloor = (workDir: string, root: string): Promise<Floor> =>
  buildPage(workDir, 'library-floor', 'library floor', LIBRARY_FLOOR_MAIN, [reactRouterProduction(root)]);

/**
 * Serves `dir` on 127.0.0.1:`port` as src/server/http/static.ts serves the portal: @fastify/static
 * with the precompressed variants and the same cache headers (hashed assets immutable, pages
 * revalidated). Other files written into `dir` (bench:web's static form) are served alike.
 */
export async function serveFloor(dir: string, port: number): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(fastifyStatic, { root: dir, prefix: '/', preCompressed: true, cacheControl: false, setHeaders: cacheHeaders });
  await app.listen({ port, host: '127.0.0.1' });
  return app;
}
