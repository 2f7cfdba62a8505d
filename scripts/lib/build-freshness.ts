import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** What `npm run build` writes last of each part: the portal, the services, the partner sandbox. */
export const BUILD_OUTPUTS = ['dist/portal/index.html', 'dist/server/main.js', 'dist/sandbox/main.js'];

/** What the build reads: the code, the rules and texts, the page, the build's configuration, the packages. */
export const BUILD_INPUTS = [
  'src',
  'schemas',
  'locales',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'scripts/build-server.ts',
  'scripts/lib/build-server.ts',
];

export type BuildState = { fresh: true } | { fresh: false; reason: string };

interface Newest {
  path: string;
  mtimeMs: number;
}

function newestUnder(path: string, found: Newest | undefined): Newest | undefined {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return found;
  }
  if (stat.isDirectory()) {
    let newest = found;
    for (const entry of readdirSync(path)) newest = newestUnder(join(path, entry), newest);
    return newest;
  }
  return !found || stat.mtimeMs > found.mtimeMs ? { path, mtimeMs: stat.mtimeMs } : found;
}

/**
 * Whether the build in dist/ is there and newer than every file it was made from. A build older
 * than any source (an edited file, a pulled commit, new packages) would run yesterday's code
 * without a word, so it counts as missing.
 */
export function buildState(rootDir: string): BuildState {
  let oldestOutput: Newest | undefined;
  for (const output of BUILD_OUTPUTS) {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(join(rootDir, output)).mtimeMs;
    } catch {
      return { fresh: false, reason: `${output} is missing` };
    }
    if (!oldestOutput || mtimeMs < oldestOutput.mtimeMs) oldestOutput = { path: output, mtimeMs };
  }
  let newestInput: Newest | undefined;
  for (const input of BUILD_INPUTS) newestInput = newestUnder(join(rootDir, input), newestInput);
  if (oldestOutput && newestInput && newestInput.mtimeMs > oldestOutput.mtimeMs) {
    return { fresh: false, reason: `${relative(rootDir, newestInput.path)} is newer than ${oldestOutput.path}` };
  }
  return { fresh: true };
}
