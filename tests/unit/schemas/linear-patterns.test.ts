import { findPatterns, slowInputs } from '../../../src/server/rules/pattern-timing';
import { loadSchemaFiles } from '../../../scripts/lib/schema-files';

// The schema check (npm run check:schemas) times every pattern on long adversarial input. These
// tests show that it finds the patterns, that it catches a quadratic one, and that today's patterns
// pass it. Margins are wide: the quadratic pattern takes seconds where a linear one takes ~1 ms.
const LENGTH = 20_000;
const BUDGET_MS = 150;

const patterns = loadSchemaFiles(undefined, ['defs', 'forms', 'api']).flatMap((f) => findPatterns(f.path, f.schema));

describe('schema patterns run in linear time', () => {
  it('finds every pattern, including the e-mail-in-a-name rule, and no message key', () => {
    expect(patterns.length).toBeGreaterThan(20);
    expect(patterns.some((p) => p.pointer === '/$defs/noEmail/not/pattern')).toBe(true);
    expect(patterns.every((p) => !p.pattern.startsWith('Validation.'))).toBe(true);
  });

  it('catches a quadratic pattern (the earlier e-mail-in-a-name rule)', () => {
    const quadratic = { file: 'defs/latin1.schema.json', pointer: '/$defs/noEmail/not/pattern', pattern: '[^\\s@]+@[^\\s@]+\\.[^\\s@]+' };
    expect(slowInputs(quadratic, LENGTH, BUDGET_MS).length).toBeGreaterThan(0);
  });

  it.each(patterns.map((p) => [`${p.file}#${p.pointer}`, p] as const))('%s is fast on every adversarial input', (_name, pattern) => {
    expect(slowInputs(pattern, LENGTH, BUDGET_MS)).toEqual([]);
  });

  it('the rewritten e-mail-in-a-name rule means what it meant', () => {
    const rule = new RegExp(patterns.find((p) => p.pointer === '/$defs/noEmail/not/pattern')!.pattern, 'u');
    for (const name of ['a@b.c', 'Ann ann@x.org', 'x@.b.c', 'x@b.c.d', 'me@home.example ']) expect(rule.test(name), name).toBe(true);
    for (const name of ['Ann', 'a@b', '@b.c', 'a@b.', 'a @b.c', 'a@ b.c', 'O@Brien', 'a@.b', 'a@b .c']) expect(rule.test(name), name).toBe(false);
  });
});
