import { existsSync, readFileSync } from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { rootDir } from './paths';

// The services and the partner sandbox compiled for production: one ES module bundle per program,
// placed where its source folder's entry is (src/server/main.ts -> dist/server/main.js,
// src/sandbox/main.ts -> dist/sandbox/main.js), so paths relative to a module (the sandbox's entry,
// the files beside the code) resolve alike under tsx and compiled. Packages stay in node_modules
// (installed, not bundled); src/shared and src/generated are compiled in. schemas/ and locales/
// are read from the project folder at run time.

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

export interface BuildResult {
  outputs: string[];
  ms: number;
}

const programs = [
  { name: 'server', assets: [['src/server/idp/assets', 'idp/assets']] },
  { name: 'sandbox', assets: [['src/sandbox/assets', 'assets']] },
] as const;

export async function buildServer(outRoot = join(rootDir, 'dist')): Promise<BuildResult> {
  const started = performance.now();
  const outputs: string[] = [];
  for (const program of programs) {
    const outDir = join(outRoot, program.name);
    await rm(outDir, { recursive: true, force: true });
    await build({
      entryPoints: [join(rootDir, 'src', program.name, 'main.ts')],
      outfile: join(outDir, 'main.js'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node24',
      packages: 'external',
      plugins: [nodeSubpaths],
      sourcemap: true,
      logLevel: 'warning',
      // Top-level await (idp/i18n.ts) needs ESM; a banner gives bundled CommonJS helpers a require.
      banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    });
    for (const [from, to] of program.assets) await cp(join(rootDir, from), join(outDir, to), { recursive: true });
    outputs.push(join(outDir, 'main.js'));
  }
  return { outputs, ms: Math.round(performance.now() - started) };
}
