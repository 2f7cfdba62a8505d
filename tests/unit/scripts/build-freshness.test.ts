import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { BUILD_OUTPUTS, buildState } from '../../../scripts/lib/build-freshness';

// npm run cluster builds when dist/ is missing or older than any of its sources.

let root: string;
const at = (path: string, seconds: number) => {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, path);
  utimesSync(file, seconds, seconds);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'build-freshness-'));
  for (const source of [
    'src/server/main.ts',
    'src/portal/app/app.tsx',
    'schemas/forms/profile.schema.json',
    'locales/ja/fields.json',
    'index.html',
    'vite.config.ts',
    'package-lock.json',
  ])
    at(source, 1_000);
  for (const output of BUILD_OUTPUTS) at(output, 2_000);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

it('is fresh when every output is newer than every source', () => {
  expect(buildState(root)).toEqual({ fresh: true });
});

it('is stale when an output is missing', () => {
  rmSync(join(root, 'dist/sandbox/main.js'));
  expect(buildState(root)).toEqual({ fresh: false, reason: 'dist/sandbox/main.js is missing' });
});

it.each(['src/server/http/errors.ts', 'schemas/defs/address.schema.json', 'locales/en/validation.json', 'index.html', 'vite.config.ts', 'package-lock.json'])(
  'is stale when %s changed after the build',
  (source) => {
    at(source, 1_500);
    at('dist/portal/index.html', 1_400);
    expect(buildState(root)).toEqual({ fresh: false, reason: `${source} is newer than dist/portal/index.html` });
  },
);

it('ignores files the build does not read', () => {
  at('docs/operations.md', 3_000);
  at('tests/unit/x.test.ts', 3_000);
  expect(buildState(root)).toEqual({ fresh: true });
});
