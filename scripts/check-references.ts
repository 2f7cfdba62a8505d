// npm run check:references: the project explains itself from what a clone holds.
//
// 1. Every file a README, a page under docs/ or a code comment names exists: paths from the project
//    root (under src, scripts, tests, schemas, locales, docs or .ci), Markdown links (from the page's
//    folder, with their #anchor checked against the page's headings) and bare Markdown file names.
//    Names with a placeholder in them (`<form>`, `{en,ja}`, `*`, `…`) stand for many files and are
//    skipped.
// 2. No file points at a document the repository does not hold: a folder beside the repository, a
//    numbered section of an outside text, or notes kept elsewhere. The words are in CITATIONS below;
//    this file and its test are the only ones allowed to spell them.
//
// Each finding prints as file:line. `--report` prints them and exits 0; otherwise any finding exits 1.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

export interface Finding {
  file: string;
  line: number;
  rule: 'missing-path' | 'missing-anchor' | 'outside-document';
  text: string;
}

/** Files allowed to spell the citations they look for. */
export const SELF_FILES = ['scripts/check-references.ts', 'tests/unit/scripts/check-references.test.ts'];

/** Folders a path from the project root starts with. */
const ROOTS = ['src', 'scripts', 'tests', 'schemas', 'locales', 'docs', '.ci'];
/** Made by `npm run gen`; checked only once it has run. */
const GENERATED = 'src/generated';

const BINARY = /\.(png|jpe?g|gif|ico|webp|woff2?|ttf|otf|pdf|zip|gz|br|wasm|tgz)$/i;
const SKIPPED_FILES = new Set(['package-lock.json']);

// Every pattern below is linear: single character classes, fixed-width lookbehinds, no nested
// quantifiers over the same characters.
const ROOT_PATH = new RegExp(`(?<![^\\s\`'"(\\[|=])(?:${ROOTS.map((r) => r.replace('.', '\\.')).join('|')})/[^\\s\`'"()\\[\\]|]*`, 'g');
const MARKDOWN_LINK = /\]\(([^()\s]+)\)/g;
const BARE_MARKDOWN = /(?<![\w./-])(?<!\]\()[\w-]+\.md\b(?![\w/-])/g;
const PLACEHOLDER = /[<>{}*…$]/;
const TRAILING = /[.,:;!?]+$/;
const LINE_SUFFIX = /:\d+(?::\d+)?$/;

/** Ways of pointing at a document the repository does not hold. */
const CITATIONS: RegExp[] = [
  /(?<![.\w-])spec(?:ification)?(?:'s)?[\s*/]*(?:sections?\b|§|:)/gi,
  /§\s*\d*/g,
  /(?<![.\w-])(?:the|a|this|our) spec(?:ification)?\b(?![.-]\w)/gi,
  /(?<![.\w-])spec(?:ification)?'s\b/gi,
  /(?<![\w-])sections?\s+\d+(?:\s*(?:,|and|or)\s*\d+)*/gi,
  /(?<![\w-])auth[- ]?notes?\b/gi,
  /(?<![\w-])(?:architecture|style) notes?\b/gi,
  /(?<![\w-])(?:portal-spec|forms-contract)(?:\.md)?\b/gi,
];
/** A relative path up to a `shared` folder: a citation when it leaves the repository. */
const UP_TO_SHARED = /(?:\.\.\/)+shared\b/g;

interface Span {
  /** Offset of the text in the file. */
  start: number;
  text: string;
}

const lineAt = (source: string, offset: number): number => {
  let line = 1;
  for (let i = source.indexOf('\n'); i !== -1 && i < offset; i = source.indexOf('\n', i + 1)) line += 1;
  return line;
};

/** Comments of a TypeScript or JavaScript file, found by the compiler's own parser. */
function scriptComments(file: string, source: string): Span[] {
  const kind = file.endsWith('x')
    ? ts.ScriptKind.TSX
    : file.endsWith('.js') || file.endsWith('.mjs') || file.endsWith('.cjs')
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS;
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const seen = new Map<number, Span>();
  const take = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) seen.set(range.pos, { start: range.pos, text: source.slice(range.pos, range.end) });
  };
  const visit = (node: ts.Node) => {
    // JSX text is content, not trivia: reading comments at its start would take `//` in a sentence.
    if (node.kind !== ts.SyntaxKind.JsxText) take(ts.getLeadingCommentRanges(source, node.pos));
    take(ts.getTrailingCommentRanges(source, node.end));
    for (const child of node.getChildren(tree)) visit(child);
  };
  visit(tree);
  return [...seen.values()];
}

/** Text between two markers (`/*` and `*\/`, `<!--` and `-->`), found with indexOf. */
function delimited(source: string, open: string, close: string): Span[] {
  const spans: Span[] = [];
  for (let at = source.indexOf(open); at !== -1;) {
    const end = source.indexOf(close, at + open.length);
    const stop = end === -1 ? source.length : end + close.length;
    spans.push({ start: at, text: source.slice(at, stop) });
    at = source.indexOf(open, stop);
  }
  return spans;
}

/** Lines of a file whose comments start with `#` (shell, YAML). */
function hashComments(source: string): Span[] {
  const spans: Span[] = [];
  let offset = 0;
  for (const line of source.split('\n')) {
    const trimmed = line.trimStart();
    if (trimmed.startsWith('#')) spans.push({ start: offset + line.length - trimmed.length, text: trimmed });
    offset += line.length + 1;
  }
  return spans;
}

/** The `description` and `$comment` texts of a JSON file (one per line, as the schema files are written). */
function jsonComments(source: string): Span[] {
  const spans: Span[] = [];
  const key = /"(?:description|\$comment)"\s*:\s*"/g;
  for (const match of source.matchAll(key)) {
    const start = match.index + match[0].length;
    const end = source.indexOf('\n', start);
    spans.push({ start, text: source.slice(start, end === -1 ? source.length : end) });
  }
  return spans;
}

const isMarkdown = (file: string) => file.endsWith('.md');

/** Where a file's named paths are read: the whole of a Markdown page, the comments of anything else. */
export function commentsOf(file: string, source: string): Span[] {
  if (isMarkdown(file)) return [{ start: 0, text: source }];
  if (/\.[cm]?[jt]sx?$/.test(file)) return scriptComments(file, source);
  if (file.endsWith('.css')) return delimited(source, '/*', '*/');
  if (file.endsWith('.html')) return delimited(source, '<!--', '-->');
  if (file.endsWith('.json')) return jsonComments(source);
  if (/\.(sh|ya?ml)$/.test(file) || file === '.ci/run') return hashComments(source);
  return [];
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const counts = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    if (fenced || !line.startsWith('#')) continue;
    const heading = /^#{1,6}\s+(.*)$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = anchorOf(heading);
    const seen = counts.get(base) ?? 0;
    anchors.add(seen === 0 ? base : `${base}-${seen}`);
    counts.set(base, seen + 1);
  }
  return anchors;
}

/** By line; a path named twice on one line (a link's text and its target) is one finding. */
function distinct(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings
    .filter((f) => {
      const key = `${f.line}\0${f.rule}\0${f.text}`;
      return !seen.has(key) && seen.add(key);
    })
    .sort((a, b) => a.line - b.line);
}

export class ReferenceChecker {
  private readonly anchorCache = new Map<string, Set<string>>();
  private readonly generatedPresent: boolean;

  constructor(private readonly root: string) {
    this.generatedPresent = existsSync(join(root, GENERATED));
  }

  private exists(path: string): boolean {
    return existsSync(path);
  }

  private anchors(path: string): Set<string> {
    let anchors = this.anchorCache.get(path);
    if (!anchors) {
      anchors = anchorsOf(readFileSync(path, 'utf8'));
      this.anchorCache.set(path, anchors);
    }
    return anchors;
  }

  /** The findings of one file, given its path from the root and its text. */
  check(file: string, source: string): Finding[] {
    const findings: Finding[] = [];
    const add = (offset: number, rule: Finding['rule'], text: string) => findings.push({ file, line: lineAt(source, offset), rule, text });
    const folder = dirname(join(this.root, file));

    for (const span of commentsOf(file, source)) {
      for (const match of span.text.matchAll(ROOT_PATH)) {
        const named = match[0].replace(TRAILING, '').replace(LINE_SUFFIX, '');
        if (PLACEHOLDER.test(named)) continue;
        const [path = '', anchor] = named.split('#');
        if ((path === GENERATED || path.startsWith(`${GENERATED}/`)) && !this.generatedPresent) continue;
        const target = join(this.root, path);
        if (!this.exists(target)) add(span.start + match.index, 'missing-path', path);
        else if (anchor && isMarkdown(path) && !this.anchors(target).has(anchor)) add(span.start + match.index, 'missing-anchor', named);
      }
      for (const match of span.text.matchAll(BARE_MARKDOWN)) {
        if (!this.exists(join(folder, match[0])) && !this.exists(join(this.root, match[0]))) add(span.start + match.index, 'missing-path', match[0]);
      }
      if (!isMarkdown(file)) continue;
      for (const match of span.text.matchAll(MARKDOWN_LINK)) {
        const link = match[1] ?? '';
        if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue;
        const [path = '', anchor] = link.split('#');
        const target = path === '' ? join(this.root, file) : resolve(folder, decodeURI(path));
        const offset = span.start + match.index;
        if (!this.exists(target)) add(offset, 'missing-path', link);
        else if (anchor && isMarkdown(target) && !this.anchors(target).has(anchor)) add(offset, 'missing-anchor', link);
      }
    }

    if (SELF_FILES.includes(file)) return distinct(findings);
    // One finding per citation: matches that overlap, or touch across spaces and comment stars
    // ("spec" at a line's end, "section 2" on the next; a number in brackets after it) are one.
    const cited = CITATIONS.flatMap((pattern) => [...source.matchAll(pattern)].map((m) => ({ start: m.index, end: m.index + m[0].length })));
    cited.sort((a, b) => a.start - b.start || b.end - a.end);
    const merged: { start: number; end: number }[] = [];
    for (const range of cited) {
      const last = merged.at(-1);
      if (last && /^[\s*/(]*$/.test(source.slice(last.end, Math.max(last.end, range.start)))) last.end = Math.max(last.end, range.end);
      else merged.push({ ...range });
    }
    for (const { start, end } of merged) add(start, 'outside-document', source.slice(start, end));
    for (const match of source.matchAll(UP_TO_SHARED)) {
      const target = resolve(folder, match[0]);
      if (relative(this.root, target).startsWith(`..${sep}`) || relative(this.root, target) === '..') add(match.index, 'outside-document', match[0]);
    }
    return distinct(findings);
  }
}

/** The files to read: what git tracks or would track, else every file outside the build folders. */
export function projectFiles(root: string): string[] {
  try {
    const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return [...new Set(out.split('\0').filter(Boolean))].filter((file) => existsSync(join(root, file)));
  } catch {
    const skip = new Set(['node_modules', 'dist', '.git', '.data', 'test-results', 'playwright-report', 'generated']);
    const walk = (dir: string): string[] =>
      readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
        if (skip.has(entry.name)) return [];
        const path = dir ? `${dir}/${entry.name}` : entry.name;
        return entry.isDirectory() ? walk(path) : [path];
      });
    return walk('');
  }
}

/** Every finding in the project at `root`. */
export function checkReferences(root: string, files = projectFiles(root)): Finding[] {
  const checker = new ReferenceChecker(root);
  return files
    .filter((file) => !BINARY.test(file) && !SKIPPED_FILES.has(file) && statSync(join(root, file)).isFile())
    .sort()
    .flatMap((file) => checker.check(file, readFileSync(join(root, file), 'utf8')));
}

const DESCRIPTIONS: Record<Finding['rule'], string> = {
  'missing-path': 'names a file that does not exist',
  'missing-anchor': 'names a heading the page does not have',
  'outside-document': 'points at a document the repository does not hold',
};

export const formatFinding = (f: Finding): string => `${f.file}:${f.line}: ${DESCRIPTIONS[f.rule]}: ${JSON.stringify(f.text)}`;

/** The command: prints every finding and the count; the exit code, 1 on findings unless `--report`. */
export function run(root: string, argv: readonly string[], log: (line: string) => void = console.log): number {
  const findings = checkReferences(root);
  for (const finding of findings) log(formatFinding(finding));
  log(findings.length === 0 ? 'check:references: every named file exists and no outside document is cited' : `check:references: ${findings.length} finding(s)`);
  return findings.length > 0 && !argv.includes('--report') ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  process.exitCode = run(resolve(import.meta.dirname, '..'), process.argv.slice(2));
}
