/*
 * The floor the browser benchmarks measure the portal against: a bare React 19 page (a heading and
 * one controlled <input>) built by the same Vite as the portal, and served the way the services serve
 * the built portal (Fastify's static files, the .br and .gz written beside each script at build time,
 * the portal's cache headers), so a page audit of the floor (bench:lighthouse) and of the portal
 * differ in the page alone. bench:web weighs its JavaScript and types into its <input>. Its head is
 * what a mobile page needs to pass Lighthouse's best practices (a viewport, an icon that costs no
 * request); only the JavaScript is weighed.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import react from '@vitejs/plugin-react';
import Fastify, { type FastifyInstance } from 'fastify';
import { build } from 'vite';
import { cacheHeaders } from '../../src/server/http/static';
import { precompress } from './vite-precompress';

export interface Floor {
  /** The built page: index.html and assets/. */
  dir: string;
  /** The gzip (level 9) size of its JavaScript. */
  gzipBytes: number;
}

/** Builds the bare page into `<workDir>/floor-dist` (its sources in `<workDir>/floor-src`). */
export async function buildFloor(workDir: string): Promise<Floor> {
  const src = join(workDir, 'floor-src');
  const dir = join(workDir, 'floor-dist');
  rmSync(src, { recursive: true, force: true });
  mkdirSync(src, { recursive: true });
  writeFileSync(
    join(src, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>floor</title></head><body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>',
  );
  writeFileSync(
    join(src, 'main.tsx'),
    `import { useState } from 'react';
import { createRoot } from 'react-dom/client';
function App() {
  const [value, setValue] = useState('');
  return (<main><h1>Hello</h1><label htmlFor="f">First name</label><input id="f" value={value} onChange={(e) => setValue(e.target.value)} /></main>);
}
createRoot(document.getElementById('root')!).render(<App />);
`,
  );
  const output = await build({
    root: src,
    configFile: false,
    logLevel: 'silent',
    plugins: [react(), precompress()],
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
