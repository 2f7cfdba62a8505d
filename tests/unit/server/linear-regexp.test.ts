import { join } from 'node:path';
import { linearPattern, linearRegExp, NotLinear, toRe2Syntax, trustPatterns } from '../../../src/server/http/linear-regexp';
import { readSchemaFiles, SchemaRegistry } from '../../../src/server/http/schema-registry';
import { analyse } from '../../../src/server/rules/pattern-analysis';
import { CATASTROPHIC } from '../rules/catastrophic-patterns';

// The services' bound that holds whatever a pattern is: every pattern runs on RE2. Each known
// catastrophic shape that RE2 can express is run, inside the services' validators, on the attack
// string the analyser builds for it: every validation stays far under 100 ms (the platform's engine
// takes seconds to forever on the same strings). What RE2 cannot express does not compile at all
// unless it is one of the build's own patterns.

const files = readSchemaFiles(join(import.meta.dirname, '../../../schemas'));
const ADDRESS = 'defs/address.schema.json';

/** The services' validators with the city's rules given this pattern (as a published draft would). */
function registryWithCityPattern(pattern: string): SchemaRegistry {
  const changed = files.map((f) => {
    if (f.file !== ADDRESS) return f;
    const schema = structuredClone(f.schema) as { properties: { city: Record<string, unknown> } };
    schema.properties.city.pattern = pattern;
    return { file: f.file, schema };
  });
  return new SchemaRegistry({ files: changed, name: 'test' });
}

const profile = (city: string) => ({
  email: 'learner@example.com',
  givenName: { firstName: 'Ann', lastName: 'Lee' },
  primaryAddress: { address1: '1 Main St', city, country: 'USA', state: 'IL', postalCode: '62701' },
  primaryPhoneNumber: { countryCode: '1', phone: '2175550100', phonetype: 'Home' },
  preferences: { language: 'en' },
});

describe('patterns on the services run in linear time, whatever they say', () => {
  const expressible = CATASTROPHIC.filter(([pattern]) => linearPattern(pattern) !== undefined);
  // The shapes the analyser builds an attack string for (a few are slow only in ways it does not count).
  const attacked = expressible.map(([pattern]) => [pattern, analyse(pattern, 10_000)] as const).filter(([, verdict]) => verdict.status === 'vulnerable');

  it('RE2 expresses every shape but look-around, back-references and counts over 1000', () => {
    expect(expressible.length).toBeGreaterThan(12);
    expect(attacked.length).toBeGreaterThan(12);
    for (const [pattern, key] of CATASTROPHIC)
      if (!expressible.some(([p]) => p === pattern))
        expect(['Rules.Refusal.PatternLookaround', 'Rules.Refusal.PatternBackreference', 'Rules.Refusal.PatternCountTooLarge']).toContain(key);
  });

  it.each(attacked)('%s on its attack string takes well under 100 ms in the profile validators', (pattern, verdict) => {
    const { prefix, pump, suffix } = verdict.attack!;
    // Exponential: 2^40 steps for a backtracking engine; polynomial: 20,000 characters.
    const repeat = verdict.complexity === 'exponential' ? 40 : Math.ceil(20_000 / Math.max(1, pump.length));
    const city = `${prefix}${pump.repeat(repeat)}${suffix}`;
    const registry = registryWithCityPattern(pattern);
    registry.validate('forms/profile.schema.json', profile('Springfield')); // compiled once
    const started = performance.now();
    registry.validate('forms/profile.schema.json', profile(city));
    expect(performance.now() - started, `${pattern} on ${city.length} characters`).toBeLessThan(100);
  });

  it('refuses to compile a pattern RE2 cannot run unless the build ships it', () => {
    expect(() => registryWithCityPattern('(?<=c(?:a|a)*)x').validate('forms/profile.schema.json', profile('x'))).toThrow(NotLinear);
    expect(() => linearRegExp('^(?=a)a$', 'u')).toThrow(NotLinear);
    trustPatterns(['^(?=a)a$']);
    expect(linearRegExp('^(?=a)a$', 'u').test('a')).toBe(true);
    expect(() => linearRegExp('^(?=b)b$', 'u')).toThrow(NotLinear);
  });

  it('keeps JavaScript meanings RE2 spells otherwise', () => {
    expect(toRe2Syntax('^\\u00e9.\\s$')).toBe(
      '^\\x{E9}[^\\n\\r\\x{2028}\\x{2029}][\\t\\n\\x{0B}\\f\\r\\x{20}\\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}]$',
    );
    const cases: Array<[string, string, boolean]> = [
      ['^.$', '\r', false],
      ['^.$', '\u0085', true],
      ['^\\s$', '\u3000', true],
      ['^\\s$', '\u0085', false],
      ['^[\\s\\S]{2}$', '\n\r', true],
      ['^[^\\s@]+$', 'a\u00a0', false],
      ['^\\w+$', 'é', false],
      ['^\\p{Lu}$', 'É', true],
      ['^(?:ab|c)$', 'ab', true],
      ['^ab{2}$', 'abab', false],
      ['^ab{2}$', 'abb', true],
      ['^\\u{1F600}$', '😀', true],
    ];
    for (const [pattern, value, expected] of cases) {
      expect(new RegExp(pattern, 'u').test(value), `native ${pattern}`).toBe(expected);
      expect(linearPattern(pattern)!.test(value), `RE2 ${pattern} on ${JSON.stringify(value)}`).toBe(expected);
    }
  });

  it('gives each pattern a name of its own (Ajv keeps compiled patterns by it)', () => {
    expect(String(linearPattern('^a$'))).not.toBe(String(linearPattern('^b$')));
  });
});
