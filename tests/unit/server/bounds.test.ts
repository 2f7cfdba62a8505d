import { join } from 'node:path';
import { boundsOf, TOO_MANY_ITEMS } from '../../../src/server/http/bounds';
import { SchemaRegistry } from '../../../src/server/http/schema-registry';

const registry = new SchemaRegistry(join(import.meta.dirname, '../../../schemas'));

describe('the bounds of a schema', () => {
  it('keeps maxItems and maxProperties and the structure that leads to them, every branch as always applying', () => {
    const schema = {
      $id: 'x.json',
      type: 'object',
      properties: { list: { type: 'array', maxItems: 3, items: { type: 'string', pattern: '^a$' } } },
      anyOf: [{ properties: { other: { maxItems: 2 } } }],
      if: { properties: { list: { minItems: 1 } } },
      then: { properties: { more: { maxItems: 1 } } },
      required: ['list'],
    };
    expect(boundsOf(schema)).toEqual({
      $id: 'x.json',
      properties: { list: { maxItems: 3, items: {} } },
      allOf: [{ properties: { other: { maxItems: 2 } } }, { properties: { more: { maxItems: 1 } } }],
    });
  });

  it('gives a closed object a bound: its declared properties and a few strays', () => {
    expect(boundsOf({ type: 'object', additionalProperties: false, properties: { a: {}, b: {} } })).toEqual({
      properties: { a: {}, b: {} },
      maxProperties: 18,
    });
  });
});

describe('validation behind the bounds', () => {
  const patch = registry.validator('api/profile-patch.schema.json');

  it('refuses 60,000 patch operations with one error, not 120,000', () => {
    expect(patch(Array.from({ length: 60_000 }, () => ({})))).toBe(false);
    expect(patch.errors).toHaveLength(1);
    expect(
      registry.validate(
        'api/profile-patch.schema.json',
        Array.from({ length: 101 }, () => ({})),
      ),
    ).toEqual([{ path: '', key: TOO_MANY_ITEMS }]);
  });

  it('still reports every failing operation of a patch within its bounds', () => {
    const errors = registry.validate('api/profile-patch.schema.json', [{ op: 'move', path: '/a' }, { op: 'add' }, { op: 'add', path: '/b' }]);
    expect(errors?.map((e) => e.path)).toEqual(['/0/op', '/1/path']);
  });

  it('names a few unknown properties one by one, and refuses a flood of them at once', () => {
    const few = registry.validate('api/redeem-request.schema.json', { accessKey: 'K', profileId: 'p', x: 1, y: 2 });
    expect(few).toEqual(
      expect.arrayContaining([
        { path: '/x', key: 'Validation.UnknownField' },
        { path: '/y', key: 'Validation.UnknownField' },
      ]),
    );
    const flood = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`p${i}`, i]));
    expect(registry.validate('api/redeem-request.schema.json', flood)).toEqual([{ path: '', key: TOO_MANY_ITEMS }]);
  });

  it('bounds the stored profile: 5,000 addresses behind one valid one are one error', () => {
    const address = { address1: '1 Main St', city: 'Chicago', country: 'USA', index: 0, isPrimary: true };
    const errors = registry.validate('api/profile.schema.json', { addresses: [address, ...Array.from({ length: 5000 }, () => ({ bogus: true }))] });
    expect(errors).toEqual([{ path: '/addresses', key: TOO_MANY_ITEMS }]);
  });
});
