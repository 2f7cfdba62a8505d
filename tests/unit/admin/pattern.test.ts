import { explainPattern, type Step } from '../../../src/portal/admin/rules/pattern/explain-pattern';
import { parsePattern } from '../../../src/portal/admin/rules/pattern/parse-pattern';
import { patternSamples } from '../../../src/portal/admin/rules/pattern/pattern-samples';
import { filesFromDisk } from './support';

const parsed = (pattern: string) => {
  const result = parsePattern(pattern);
  if (!result.ok) throw new Error(result.error);
  return result;
};

const flat = (steps: Step[]): string[] =>
  steps.flatMap((s) => [`${s.key.replace('admin:Pattern.', '')}${s.params ? JSON.stringify(s.params) : ''}`, ...flat(s.steps ?? [])]);

describe('a pattern in plain words', () => {
  it('explains the US postal code: anchors, an empty alternative, digits repeated, an optional part', () => {
    const { ast } = parsed('^(?:|[0-9]{5}(?:[- ]?[0-9]{4})?)$');
    expect(flat(explainPattern(ast))).toEqual([
      'Start',
      'Either',
      'Nothing',
      'InOrder',
      'Repeat.Exactly{"count":5}',
      'OneOf',
      'Range{"from":"“0”","to":"“9”"}',
      'Repeat.Optional',
      'InOrder',
      'Repeat.Optional',
      'OneOf',
      'Char{"char":"“-”"}',
      'Char{"char":"U+0020"}',
      'Repeat.Exactly{"count":4}',
      'OneOf',
      'Range{"from":"“0”","to":"“9”"}',
      'End',
    ]);
  });

  it('names code points that do not print, reads text as one piece, and says when a pattern is not anchored', () => {
    expect(flat(explainPattern(parsed('^[\\u0020-\\u007E\\u00A0-\\u00FF]*$').ast))).toContain('Range{"from":"U+00A0","to":"“ÿ”"}');
    expect(flat(explainPattern(parsed('abc\\d').ast))).toEqual(['Anywhere', 'Text{"text":"“abc”"}', 'Set.Digit']);
  });

  it('reports a pattern that does not compile', () => {
    expect(parsePattern('^[a-').ok).toBe(false);
    expect(parsePattern('(?<').ok).toBe(false);
  });

  it('explains every pattern of the schema files without falling back to the raw source', () => {
    const files = filesFromDisk();
    const patterns: string[] = [];
    const collect = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(collect);
      else if (node && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) {
          if (k === 'pattern' && typeof v === 'string') patterns.push(v);
          else collect(v);
        }
      }
    };
    Object.values(files).forEach(collect);
    expect(patterns.length).toBeGreaterThan(10);
    for (const pattern of patterns)
      expect(
        flat(explainPattern(parsed(pattern).ast)).filter((s) => s.startsWith('Other')),
        pattern,
      ).toEqual([]);
  });
});

describe('sample values of a pattern', () => {
  it('finds values that pass and fail, each checked with the pattern itself', () => {
    const pattern = '^(?:|[0-9]{5}(?:[- ]?[0-9]{4})?)$';
    const { ast, regexp } = parsed(pattern);
    const { passes, fails } = patternSamples(ast, regexp, ['62701']);
    expect(passes.length).toBeGreaterThanOrEqual(2);
    expect(fails.length).toBeGreaterThanOrEqual(2);
    expect(passes).toContain('62701');
    for (const value of passes) expect(new RegExp(pattern, 'u').test(value), value).toBe(true);
    for (const value of fails) expect(new RegExp(pattern, 'u').test(value), value).toBe(false);
  });

  it('shows that the city rule refuses a backslash and takes Latin-1 letters', () => {
    const { ast, regexp } = parsed('^[\\u0020-\\u005B\\u005D-\\u007E\\u00A0-\\u00FF]*$');
    const { fails } = patternSamples(ast, regexp, ['Chicago']);
    expect(fails.some((f) => f.includes('\\'))).toBe(true);
    expect(fails.some((f) => f.includes('字') || f.includes('😀'))).toBe(true);
  });

  it('stays quick on a pattern that backtracks exponentially, by trying short values only', () => {
    const { ast, regexp } = parsed('^(a+)+$');
    const started = performance.now();
    const { passes, fails } = patternSamples(ast, regexp, ['a'.repeat(40)]);
    expect(performance.now() - started).toBeLessThan(500);
    expect(passes.every((p) => p.length <= 10)).toBe(true);
    expect(fails.length).toBeGreaterThan(0);
  });
});
