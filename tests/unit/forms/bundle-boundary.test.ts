import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const portal = fileURLToPath(new URL('../../../src/portal', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

// The Ajv compiler never reaches the browser: the portal uses precompiled validators and the admin
// area (its gallery and preview) imports validators the server compiled.
// Type-only imports vanish from the bundle, so only value imports count.
const COMPILER_IMPORTS = [
  // Ajv's run-time helpers (ajv/dist/runtime/*) are what precompiled code calls, not the compiler.
  /^import (?!type )[^;]*from ['"]ajv(?!\/dist\/runtime\/)(\/[^'"]*)?['"]/m,
  /^import (?!type )[^;]*from ['"]ajv-errors['"]/m,
  /^import (?!type )[^;]*from ['"]@rjsf\/validator-ajv8['"]/m,
  /^import (?!type )[^;]*validation\/runtime-definitions['"]/m,
];
const ALLOWED: RegExp[] = [];

describe('learner-facing bundle', () => {
  it('imports no runtime schema compiler anywhere, the admin area included', () => {
    const offenders = sources(portal)
      .map((file) => relative(portal, file))
      .filter((file) => !ALLOWED.some((allowed) => allowed.test(file)))
      .filter((file) => COMPILER_IMPORTS.some((pattern) => pattern.test(readFileSync(join(portal, file), 'utf8'))));
    expect(offenders).toEqual([]);
  });

  it('still finds the compiler where the tests use it (so the check above can fail)', () => {
    const runtime = readFileSync(fileURLToPath(new URL('../support/runtime-definitions.ts', import.meta.url)), 'utf8');
    expect(COMPILER_IMPORTS.some((pattern) => pattern.test(runtime))).toBe(true);
  });
});
