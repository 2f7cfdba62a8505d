import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { checkReferences, formatFinding, run, SELF_FILES } from '../../../scripts/check-references';

// npm run check:references on a small project of its own: each rule fires on what breaks it and
// stays quiet on what keeps it.

let root: string;
const write = (path: string, text: string) => {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
};
const findings = () => checkReferences(root).map(formatFinding);

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'check-references-'));
  write('src/exists.ts', 'export const here = 1;\n');
  write('docs/page.md', '# A page\n\n## Real heading\n\nText.\n');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('every file a README, a docs page or a comment names exists', () => {
  it('passes named files that exist, placeholders and paths in code', () => {
    write(
      'README.md',
      '# Project\n\n`src/exists.ts`, `docs/page.md`, [the page](docs/page.md#real-heading), [top](#project),\n`schemas/forms/<form>.schema.json`, `locales/{en,ja}/x.json`, https://example.com/src/nowhere.ts\n',
    );
    write('src/code.ts', "// Reads src/exists.ts (see docs/page.md).\nexport const path = 'src/not-a-comment.ts';\n");
    expect(findings()).toEqual([]);
  });

  it('names a missing path in a README, with its line', () => {
    write('README.md', '# Project\n\nThe patch is built in `src/missing.ts`.\n');
    expect(findings()).toEqual(['README.md:3: names a file that does not exist: "src/missing.ts"']);
  });

  it('names a missing path in a comment of TypeScript, CSS, a schema description and a docs page', () => {
    write('src/a.tsx', '/** Kept so by tests/unit/gone.test.ts. */\nexport const A = () => <p>see src/not-a-comment.ts</p>;\n');
    write('src/b.css', '/* Sizes from src/portal/gone.css */\n.b { color: red; }\n');
    write('schemas/x.schema.json', '{\n  "description": "Codes as in src/shared/gone.ts."\n}\n');
    write('docs/other.md', '# Other\n\nSee `scripts/gone.ts`.\n');
    expect(findings()).toEqual([
      'docs/other.md:3: names a file that does not exist: "scripts/gone.ts"',
      'schemas/x.schema.json:2: names a file that does not exist: "src/shared/gone.ts"',
      'src/a.tsx:1: names a file that does not exist: "tests/unit/gone.test.ts"',
      'src/b.css:1: names a file that does not exist: "src/portal/gone.css"',
    ]);
  });

  it('names a Markdown link to a missing page or heading, and a bare page name that resolves nowhere', () => {
    write('docs/README.md', '# Docs\n\n[gone](gone.md), [page](page.md#no-such-heading), [fine](page.md#real-heading)\n');
    write('eslint.config.js', '// The house rules of guide.md.\nexport default [];\n');
    expect(findings()).toEqual([
      'docs/README.md:3: names a file that does not exist: "gone.md"',
      'docs/README.md:3: names a heading the page does not have: "page.md#no-such-heading"',
      'eslint.config.js:1: names a file that does not exist: "guide.md"',
    ]);
  });
});

describe('no file cites a document the repository does not hold', () => {
  it('finds numbered sections, outside texts and notes, one finding per citation', () => {
    write(
      'src/c.ts',
      [
        '// Active items first (spec section 4).',
        '/** The frame (spec',
        ' * section 2) and the toast (spec §8). */',
        "// Unknown codes read as UnknownError, the spec's default; breakpoints (section 9).",
        '// See auth-notes, the auth notes, the architecture note and the style note.',
        '// Hash targets clear the header (spec: 70 px).',
        '// The patch of the specification.',
        'export const c = 1;',
      ].join('\n'),
    );
    expect(findings()).toEqual([
      'src/c.ts:1: points at a document the repository does not hold: "spec section 4"',
      'src/c.ts:2: points at a document the repository does not hold: "spec\\n * section 2"',
      'src/c.ts:3: points at a document the repository does not hold: "spec §8"',
      'src/c.ts:4: points at a document the repository does not hold: "the spec\'s"',
      'src/c.ts:4: points at a document the repository does not hold: "section 9"',
      'src/c.ts:5: points at a document the repository does not hold: "auth-notes"',
      'src/c.ts:5: points at a document the repository does not hold: "auth notes"',
      'src/c.ts:5: points at a document the repository does not hold: "architecture note"',
      'src/c.ts:5: points at a document the repository does not hold: "style note"',
      'src/c.ts:6: points at a document the repository does not hold: "spec:"',
      'src/c.ts:7: points at a document the repository does not hold: "the specification"',
    ]);
  });

  it('finds a relative path to a shared folder beside the repository, not src/shared', () => {
    write('src/portal/d.ts', "import { x } from '../shared/x';\nexport const d = x;\n");
    write('src/e.ts', '// Copied from ../../shared/notes.\nexport const e = 1;\n');
    expect(findings()).toEqual(['src/e.ts:1: points at a document the repository does not hold: "../../shared"']);
  });

  it("leaves Playwright's spec file names and the word among name parts alone", () => {
    write('tests/e2e/home.spec.ts', '// Runs with home.spec.ts and the test, spec, declaration and config suffixes.\nexport const h = 1;\n');
    write('README.md', '# R\n\n`tests/e2e/home.spec.ts` runs in chromium.\n');
    expect(findings()).toEqual([]);
  });

  it('lets this check and its test spell the words they look for', () => {
    for (const self of SELF_FILES) write(self, '// spec section 4, auth notes, the specification\nexport {};\n');
    expect(findings()).toEqual([]);
  });
});

describe('the command', () => {
  it('fails on a finding, and with --report prints it and passes', () => {
    write('README.md', '# R\n\n`src/missing.ts`\n');
    const lines: string[] = [];
    expect(run(root, [], () => undefined)).toBe(1);
    expect(run(root, ['--report'], (line) => lines.push(line))).toBe(0);
    expect(lines).toEqual(['README.md:3: names a file that does not exist: "src/missing.ts"', 'check:references: 1 finding(s)']);
  });

  it('passes a project with nothing to find', () => {
    expect(run(root, [], () => undefined)).toBe(0);
  });
});
