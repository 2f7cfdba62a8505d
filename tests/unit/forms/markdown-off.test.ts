import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return files(full, pattern);
    return pattern.test(entry.name) ? [full] : [];
  });
}

// The build gives RJSF a stand-in for markdown-to-jsx (src/portal/forms/markdown-off.tsx), which
// shows text as it is: no schema, ui schema or form code may ask RJSF for Markdown.
const MARKDOWN_OPTIONS = /enableMarkdownIn(Description|Help)/;

describe('Markdown in forms', () => {
  it('is asked for by no schema, ui schema or portal code', () => {
    const offenders = [...files(join(root, 'schemas'), /\.json$/), ...files(join(root, 'src/portal'), /\.(ts|tsx)$/)]
      .filter((file) => !file.endsWith('markdown-off.tsx') && MARKDOWN_OPTIONS.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(offenders).toEqual([]);
  });
  // That the build swaps it for the stand-in: tests/unit/scripts/vite-library-swaps.test.ts.
});
