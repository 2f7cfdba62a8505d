import { unboundedNodes } from '../../../scripts/lib/schema-bounds';

const check = (files: Record<string, unknown>, id: string) =>
  unboundedNodes({ byId: new Map(Object.entries(files) as Array<[string, Record<string, unknown>]>) }, id);

describe('every input schema is bounded', () => {
  it('names an array without maxItems, a string without maxLength, a number without a range and an open map without maxProperties', () => {
    const found = check(
      {
        'forms/x.schema.json': {
          type: 'object',
          properties: {
            list: { type: 'array', items: { type: 'string', maxLength: 3 } },
            text: { type: 'string' },
            count: { type: 'integer', minimum: 0 },
            map: { type: 'object', additionalProperties: { type: 'string', maxLength: 1 } },
          },
        },
      },
      'forms/x.schema.json',
    );
    expect(found).toEqual([
      '#/properties/list: an array without maxItems',
      '#/properties/text: a string without maxLength',
      '#/properties/count: a number without minimum and maximum',
      '#/properties/map: an object with open properties and no maxProperties',
    ]);
  });

  it('takes a bound from the definition referred to, from around the value, or from a fixed list', () => {
    const files = {
      'defs/d.schema.json': { $defs: { short: { type: 'string', maxLength: 5 }, free: { type: 'string', pattern: '^a*$' } } },
      'forms/y.schema.json': {
        type: 'object',
        properties: {
          a: { $ref: '../defs/d.schema.json#/$defs/short' },
          b: { $ref: '../defs/d.schema.json#/$defs/free', maxLength: 9 },
          c: { type: 'string', maxLength: 4, allOf: [{ type: 'string', pattern: '^b*$' }] },
          d: { type: 'string', enum: ['x', 'y'] },
          e: { $ref: '../defs/d.schema.json#/$defs/free' },
        },
      },
    };
    expect(check(files, 'forms/y.schema.json')).toEqual(['#/properties/e: a string without maxLength']);
  });
});
