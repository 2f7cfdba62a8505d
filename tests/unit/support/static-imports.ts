import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

// Value imports and re-exports; `import type` vanishes from the bundle and `import()` starts a chunk
// of its own, so neither counts.
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

export interface StaticGraph {
  /** Project files reached, absolute paths. */
  files: Set<string>;
  /** Package specifiers imported by them, as written ('sonner', 'i18n-iso-countries/langs/ja.json'). */
  packages: Set<string>;
}

/**
 * What the bundler puts into the same load as `entries`: every file reached from them through static
 * imports. Aliases of vite.config.ts are not applied (none points into the portal's own code).
 */
export function staticGraph(entries: string[]): StaticGraph {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    if (!/\.(ts|tsx)$/.test(file)) continue;
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (!specifier) continue;
      if (!specifier.startsWith('.')) {
        packages.add(specifier);
        continue;
      }
      const base = resolve(dirname(file), specifier);
      const target = EXTENSIONS.map((ext) => base + ext).find((path) => existsSync(path) && !path.endsWith('/'));
      if (target && !/\.css$/.test(target)) queue.push(target);
    }
  }
  return { files, packages };
}

export const portalFile = (path: string) => join(resolve(import.meta.dirname, '../../../src/portal'), path);
