import { existsSync, readFileSync } from 'node:fs';
import { cp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { rootDir } from './paths';

// The services and the partner sandbox compiled for production: one ES module bundle per program,
// placed where its source folder's entry is (src/server/main.ts -> dist/server/main.js,
// src/sandbox/main.ts -> dist/sandbox/main.js), with the files the code reads beside it in the same
// layout, so paths relative to a module (the sandbox's entry, assets, data) resolve alike under tsx
// and compiled. Packages stay in node_modules (installed, not bundled); src/shared and src/generated
// are compiled in. schemas/ and locales/ are read from the project folder at run time.

const SUBPATH = /^(@[^/]+\/[^/]+|[^@./][^/:]*)\/(.+)$/;

/** The folder of package `name` as Node finds it from `dir` (the nearest node_modules holding it). */
function packageDir(name: string, dir: string): string | undefined {
  for (let at = dir; ; at = dirname(at)) {
    const candidate = join(at, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(at) === at) return undefined;
  }
}

/**
 * tsx and bundlers find `ajv/dist/2020` by trying extensions; Node's ES module loader does not, for
 * a package without an exports map. Such imports are written with the file they name
 * (`ajv/dist/2020.js`); packages with an exports map are left to it.
 */
const nodeSubpaths: Plugin = {
  name: 'node-subpaths',
  setup(build) {
    build.onResolve({ filter: SUBPATH }, (args) => {
      const [, name = '', subpath = ''] = SUBPATH.exec(args.path) ?? [];
      const dir = packageDir(name, args.resolveDir);
      if (!dir) return { errors: [{ text: `package ${name} is not installed` }] };
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { exports?: unknown };
      if (manifest.exports) return { path: args.path, external: true };
      const file = createRequire(join(dir, 'package.json')).resolve(`./${subpath}`);
      return { path: `${name}/${relative(dir, file).split(sep).join('/')}`, external: true };
    });
  },
};

/**
 * A module that reads files beside itself (`join(import.meta.dirname, '..', 'data')`) must find
 * them once bundled too. The bundle keeps the source folder's layout for those files (copied by
 * copyFiles), and each module's `import.meta.dirname` and `import.meta.url` are rewritten to name
 * its own place in that layout, relative to the bundle: `src/sandbox/<folder>/<name>.ts` becomes
 * `dist/sandbox/partners/x.js`, whatever file the code ended up in.
 */
function ownModulePlace(entryDir: string): Plugin {
  return {
    name: 'own-module-place',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta.')) return undefined;
        const toUrl = (path: string) => path.split(sep).join('/');
        const dir = toUrl(relative(entryDir, dirname(args.path))) || '.';
        const file = toUrl(relative(entryDir, args.path)).replace(/\.ts$/, '.js');
        const contents = source
          .replaceAll('import.meta.dirname', `__moduleDir(${JSON.stringify(dir)})`)
          .replaceAll('import.meta.url', `new URL(${JSON.stringify(file)}, import.meta.url).href`);
        return { contents, loader: 'ts' };
      });
    },
  };
}

const BANNER = [
  // Top-level await (idp/i18n.ts) needs ESM; bundled CommonJS helpers get a require.
  "import { createRequire as __createRequire } from 'node:module';",
  "import { fileURLToPath as __fileURLToPath } from 'node:url';",
  'const require = __createRequire(import.meta.url);',
  "const __moduleDir = (dir) => __fileURLToPath(new URL(dir + '/', import.meta.url)).replace(/[\\/]$/, '');",
].join('\n');

/** Copies what the code reads at run time (assets, data: every file but TypeScript and READMEs). */
async function copyFiles(from: string, to: string): Promise<void> {
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    if (entry.isDirectory()) await copyFiles(source, join(to, entry.name));
    else if (!/\.(ts|md)$/.test(entry.name)) await cp(source, join(to, entry.name));
  }
}

export interface BuildResult {
  outputs: string[];
  ms: number;
}

const programs = ['server', 'sandbox'] as const;

/**
 * Modules a program starts as threads of their own (new Worker(serverFile(...))): each is compiled
 * to its own file beside the bundle, in the same layout (src/server/db/pglite-worker.ts ->
 * dist/server/db/pglite-worker.js).
 */
const threads: Record<(typeof programs)[number], string[]> = { server: ['db/pglite-worker', 'rules/rules-worker', 'texts/import-worker'], sandbox: [] };

export async function buildServer(outRoot = join(rootDir, 'dist')): Promise<BuildResult> {
  const started = performance.now();
  const outputs: string[] = [];
  for (const program of programs) {
    const srcDir = join(rootDir, 'src', program);
    const outDir = join(outRoot, program);
    await rm(outDir, { recursive: true, force: true });
    await build({
      entryPoints: ['main', ...threads[program]].map((entry) => ({ in: join(srcDir, `${entry}.ts`), out: entry })),
      outdir: outDir,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node24',
      packages: 'external',
      plugins: [nodeSubpaths, ownModulePlace(srcDir)],
      sourcemap: true,
      logLevel: 'warning',
      banner: { js: BANNER },
    });
    await copyFiles(srcDir, outDir);
    outputs.push(join(outDir, 'main.js'));
  }
  return { outputs, ms: Math.round(performance.now() - started) };
}
