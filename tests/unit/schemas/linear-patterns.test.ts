import { analyse, findPatterns } from '../../../src/server/rules/pattern-analysis';
import { loadSchemaFiles } from '../../../scripts/lib/schema-files';

// The schema check (npm run check:schemas) has the static analyser (recheck) prove every pattern of
// the files safe. These tests show that it finds the patterns, that the analyser catches the
// quadratic rule the files once had, and that today's patterns pass it.
const patterns = loadSchemaFiles(undefined, ['defs', 'forms', 'api']).flatMap((f) => findPatterns(f.path, f.schema));

describe('schema patterns are proven safe by the analyser', () => {
  it('finds every pattern, including the e-mail-in-a-name rule, and no message key', () => {
    expect(patterns.length).toBeGreaterThan(20);
    expect(patterns.some((p) => p.pointer === '/$defs/noEmail/not/pattern')).toBe(true);
    expect(patterns.every((p) => !p.pattern.startsWith('Validation.'))).toBe(true);
  });

  it('catches a quadratic pattern (the earlier e-mail-in-a-name rule), with an attack string', () => {
    const verdict = analyse('[^\\s@]+@[^\\s@]+\\.[^\\s@]+');
    expect(verdict.status).toBe('vulnerable');
    expect(verdict.complexity).toMatch(/polynomial/);
    expect(verdict.attack?.pump.length).toBeGreaterThan(0);
  });

  it.each(patterns.map((p) => [`${p.file}#${p.pointer}`, p] as const))('%s is safe', (_name, pattern) => {
    expect(analyse(pattern.pattern, 20_000).status).toBe('safe');
  });

  it('the rewritten e-mail-in-a-name rule means what it meant', () => {
    const rule = new RegExp(patterns.find((p) => p.pointer === '/$defs/noEmail/not/pattern')!.pattern, 'u');
    for (const name of ['a@b.c', 'Ann ann@x.org', 'x@.b.c', 'x@b.c.d', 'me@home.example ']) expect(rule.test(name), name).toBe(true);
    for (const name of ['Ann', 'a@b', '@b.c', 'a@b.', 'a @b.c', 'a@ b.c', 'O@Brien', 'a@.b', 'a@b .c']) expect(rule.test(name), name).toBe(false);
  });
});
