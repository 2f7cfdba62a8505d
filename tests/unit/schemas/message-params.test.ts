import { join } from 'node:path';
import { SchemaRegistry } from '../../../src/server/http/schema-registry';
import { messageParams, refusedCharacters } from '../../../src/shared/schemas/message-params';
import { validProfile } from './fixtures';
import { repeat, run, withValue } from './harness';

// What each message may say about its failed rule comes from the schema: the limit of a length rule,
// the characters a character rule refuses. The stock Ajv, the precompiled validators (browser) and the
// services' registry give the same parameters.
const registry = new SchemaRegistry(join(process.cwd(), 'schemas'));
const services = (data: unknown) => registry.validate('forms/profile.schema.json', structuredClone(data)) ?? [];
const at = (errors: { path: string }[], path: string) => errors.filter((e) => e.path === path);

describe('message parameters from the schema', () => {
  it.each([
    ['/primaryAddress/city', repeat(33), 'Validation.InvalidCity', { rule: 'maxLength', limit: 32 }],
    ['/givenName/firstName', repeat(31), 'Validation.MaxLength', { rule: 'maxLength', limit: 30 }],
    ['/givenName/lastName', repeat(51), 'Validation.MaxLength', { rule: 'maxLength', limit: 50 }],
    ['/givenName/firstName', '太郎', 'Validation.InvalidName', { rule: 'characters', characters: '" , >' }],
    ['/givenName/firstName', 'Ann, Jo', 'Validation.InvalidName', { rule: 'characters', characters: '" , >' }],
    ['/primaryAddress/city', 'Spring\\field', 'Validation.InvalidCity', { rule: 'characters', characters: '\\' }],
    ['/company', '😀 Co', 'Validation.InvalidCompany', { rule: 'characters', characters: '\\' }],
  ] as const)('%s = %j: %s with %j', (path, value, key, params) => {
    const data = withValue(validProfile, path, value);
    const outcome = run('profile', data);
    expect(at(outcome.stock, path)).toEqual([{ path, key, params }]);
    expect(at(outcome.precompiled, path)).toEqual([{ path, key, params }]);
    expect(at(services(data), path)).toEqual([{ path, key, params }]);
  });

  it('gives none where the text has nothing to add (a missing field, a must-differ rule)', () => {
    const outcome = run('profile', withValue(withValue(validProfile, '/givenName/firstName', ''), '/alternateEmail', validProfile.email));
    expect(outcome.precompiled.every((e) => e.params === undefined)).toBe(true);
    expect(outcome.precompiled.length).toBeGreaterThan(0);
  });

  it('reads a character rule off its pattern, and nothing off any other pattern', () => {
    expect(refusedCharacters('^[\\u0020-\\u005B\\u005D-\\u007E\\u00A0-\\u00FF]*$')).toBe('\\');
    expect(refusedCharacters('^[\\u0020-\\u007E\\u00A0-\\u00FF]*$')).toBe('');
    expect(refusedCharacters('^(?:|[0-9]{5}(?:[- ]?[0-9]{4})?)$')).toBeUndefined();
    // A rule that refuses nothing printable has nothing to name: the key's own text says it.
    expect(messageParams([{ keyword: 'pattern', params: { pattern: '^[\\u0020-\\u007E\\u00A0-\\u00FF]*$' } }])).toBeUndefined();
    expect(messageParams([{ keyword: 'required', params: { missingProperty: 'city' } }])).toBeUndefined();
  });
});
