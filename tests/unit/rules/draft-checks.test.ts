import { join } from 'node:path';
import { loadCatalogues } from '../../../src/server/forms/locale-catalogue';
import { readSchemaFiles } from '../../../src/server/http/schema-registry';
import { checkDraft, type CheckContext, type PatternCheck } from '../../../src/server/rules/draft-checks';
import { canPass, patternRefusal } from '../../../src/server/rules/pattern-analysis';
import { FormMap } from '../../../src/server/rules/form-map';
import { applyChanges, type RuleChange } from '../../../src/server/rules/rule-files';

// What a draft may change and what it may not (docs/admin-area.md), one case per line of the list.
// Patterns are analysed here on the test's own thread (the services run the same analysis in the rules
// thread: tests/integration/rules/pattern-check.test.ts).

const root = join(import.meta.dirname, '../../..');
const base = new Map(readSchemaFiles(join(root, 'schemas')).map((f) => [f.file, f.schema]));
const patterns: PatternCheck = async (question) => ({
  refusals: new Map(question.patterns.map((p) => [p, patternRefusal(p) ?? null])),
  passable: question.fields.map(canPass),
});
const ctx: CheckContext = { base, map: new FormMap(base), catalogues: loadCatalogues(join(root, 'locales')), patterns };

const ADDRESS = 'defs/address.schema.json';
const CONTACT = 'defs/contact-details.schema.json';
const CONTACT_UI = 'ui/defs/contact-details.ui.json';
const check = async (changes: RuleChange[], current = base) =>
  (await checkDraft(ctx, current, changes)).refusals.map((r) => [r.change, r.keyword, r.key, r.params ?? {}]);

describe('a draft may change', () => {
  it.each<[string, RuleChange[]]>([
    ['the city at most 20 characters', [{ file: ADDRESS, op: 'replace', path: '/properties/city/maxLength', value: 20 }]],
    ['the city up to what is stored (64)', [{ file: ADDRESS, op: 'replace', path: '/properties/city/maxLength', value: 64 }]],
    ['a minimum length', [{ file: ADDRESS, op: 'replace', path: '/properties/city/minLength', value: 2 }]],
    ['a pattern with its message', [{ file: ADDRESS, op: 'add', path: '/properties/city/pattern', value: '^[A-Za-z .-]*$' }]],
    ['a pattern removed', [{ file: ADDRESS, op: 'remove', path: '/allOf/0/then/properties/postalCode/pattern' }]],
    ['a required field the base does not require', [{ file: ADDRESS, op: 'add', path: '/required/-', value: 'address2' }]],
    ['the required of a condition', [{ file: ADDRESS, op: 'replace', path: '/allOf/1/then/required', value: ['state', 'postalCode', 'address2'] }]],
    ['the languages, a subset of the base list', [{ file: 'defs/languages.schema.json', op: 'replace', path: '/enum', value: ['en', 'ja'] }]],
    ['one value taken out of a list', [{ file: 'defs/phone-types.schema.json', op: 'remove', path: '/enum/4' }]],
    ['a message key', [{ file: ADDRESS, op: 'replace', path: '/properties/city/errorMessage/_', value: 'Validation.InvalidAddress' }]],
    ['a message key for a new keyword', [{ file: ADDRESS, op: 'add', path: '/properties/city/errorMessage/maxLength', value: 'Validation.MaxLength' }]],
    ['the numeric bounds within storage', [{ file: 'forms/course-picker.schema.json', op: 'replace', path: '/properties/productId/maximum', value: 1000 }]],
    ['a conditional field within storage', [{ file: 'defs/birth.schema.json', op: 'replace', path: '/$defs/year/maxLength', value: 4 }]],
    ['the order of the fields', [{ file: CONTACT_UI, op: 'replace', path: '/givenName/ui:order', value: ['lastName', 'firstName', 'middleName', 'suffix'] }]],
    ['a help key', [{ file: CONTACT_UI, op: 'replace', path: '/alternateEmail/ui:options/helpKey', value: 'Fields.givenName.help' }]],
    ['a help key removed', [{ file: CONTACT_UI, op: 'remove', path: '/alternateEmail/ui:options/helpKey' }]],
  ])('%s', async (_name, changes) => {
    expect(await check(changes)).toEqual([]);
  });

  it('answers the files with the changes applied', async () => {
    const { files } = await checkDraft(ctx, base, [{ file: ADDRESS, op: 'replace', path: '/properties/city/maxLength', value: 20 }]);
    expect((files.get(ADDRESS) as { properties: { city: { maxLength: number } } }).properties.city.maxLength).toBe(20);
    expect((base.get(ADDRESS) as { properties: { city: { maxLength: number } } }).properties.city.maxLength).toBe(32);
  });

  it('removes, on top of a published version, a required field that version added', async () => {
    const published = applyChanges(base, [{ file: 'forms/profile.schema.json', op: 'add', path: '/required/-', value: 'company' }]);
    expect(await check([{ file: 'forms/profile.schema.json', op: 'remove', path: '/required/3' }], published)).toEqual([]);
    expect(await check([{ file: 'forms/profile.schema.json', op: 'remove', path: '/required/0' }], published)).toEqual([
      [0, 'required', 'Rules.Refusal.RequiredByBase', { field: 'givenName' }],
    ]);
  });
});

describe('a draft may not', () => {
  it.each<[string, RuleChange[], Array<[number, string, string, Record<string, unknown>]>]>([
    [
      'add a property',
      [{ file: ADDRESS, op: 'add', path: '/properties/county', value: { type: 'string', maxLength: 20 } }],
      [[0, 'county', 'Rules.Refusal.ShapeChange', {}]],
    ],
    ['remove a property', [{ file: ADDRESS, op: 'remove', path: '/properties/address3' }], [[0, 'address3', 'Rules.Refusal.ShapeChange', {}]]],
    [
      'change a type',
      [{ file: CONTACT, op: 'replace', path: '/properties/allowConsentToSendSmsTextMessages/type', value: 'string' }],
      [[0, 'type', 'Rules.Refusal.ShapeChange', {}]],
    ],
    [
      'change a $ref',
      [{ file: ADDRESS, op: 'replace', path: '/properties/city/$ref', value: 'latin1.schema.json#/$defs/text' }],
      [[0, '$ref', 'Rules.Refusal.ShapeChange', {}]],
    ],
    [
      'change a const',
      [{ file: 'forms/exam.schema.json', op: 'replace', path: '/properties/privacyPolicyAccepted/const', value: false }],
      [[0, 'const', 'Rules.Refusal.ShapeChange', {}]],
    ],
    [
      'change additionalProperties',
      [{ file: ADDRESS, op: 'add', path: '/additionalProperties', value: false }],
      [[0, 'additionalProperties', 'Rules.Refusal.ShapeChange', {}]],
    ],
    [
      'change a condition',
      [{ file: ADDRESS, op: 'replace', path: '/allOf/0/if/properties/country/const', value: 'GBR' }],
      [[0, 'if', 'Rules.Refusal.ShapeChange', {}]],
    ],
    [
      'change a default',
      [{ file: ADDRESS, op: 'replace', path: '/properties/country/default', value: 'CAN' }],
      [[0, 'default', 'Rules.Refusal.ShapeChange', {}]],
    ],
    [
      'raise a length above the stored one',
      [{ file: ADDRESS, op: 'replace', path: '/properties/city/maxLength', value: 65 }],
      [[0, 'maxLength', 'Rules.Refusal.AboveStorage', { limit: 64 }]],
    ],
    [
      'remove a length the stored document bounds',
      [{ file: ADDRESS, op: 'remove', path: '/properties/city/maxLength' }],
      [[0, 'maxLength', 'Rules.Refusal.AboveStorage', { limit: 64 }]],
    ],
    [
      'raise a length of a field stored nowhere',
      [{ file: 'forms/email.schema.json', op: 'replace', path: '/$defs/verificationCode/maxLength', value: 300 }],
      [[0, 'maxLength', 'Rules.Refusal.AboveStorage', { limit: 255 }]],
    ],
    [
      'raise a maximum above the stored range',
      [{ file: 'forms/course-picker.schema.json', op: 'replace', path: '/properties/productId/maximum', value: 2147483648 }],
      [[0, 'maximum', 'Rules.Refusal.AboveStorage', { limit: 2147483647 }]],
    ],
    [
      'lower a minimum below the stored range',
      [{ file: 'forms/course-picker.schema.json', op: 'replace', path: '/properties/productId/minimum', value: -1 }],
      [[0, 'minimum', 'Rules.Refusal.BelowStorage', { limit: 0 }]],
    ],
    [
      'set a length that is not a whole number',
      [{ file: ADDRESS, op: 'replace', path: '/properties/city/maxLength', value: 20.5 }],
      [[0, 'maxLength', 'Rules.Refusal.NotAWholeNumber', {}]],
    ],
    [
      'leave a minimum above the maximum',
      [{ file: ADDRESS, op: 'replace', path: '/properties/city/minLength', value: 40 }],
      [[0, 'minLength', 'Rules.Refusal.MinAboveMax', { limit: 32 }]],
    ],
    [
      'give a length to a yes/no field',
      [{ file: CONTACT, op: 'add', path: '/properties/allowConsentToSendSmsTextMessages/maxLength', value: 3 }],
      [[0, 'maxLength', 'Rules.Refusal.NotForThisField', {}]],
    ],
    [
      'allow a value outside the base list',
      [{ file: 'defs/languages.schema.json', op: 'replace', path: '/enum', value: ['en', 'fr'] }],
      [[0, 'enum', 'Rules.Refusal.EnumNotInBase', { value: 'fr' }]],
    ],
    ['leave no allowed value', [{ file: 'defs/languages.schema.json', op: 'replace', path: '/enum', value: [] }], [[0, 'enum', 'Rules.Refusal.EnumEmpty', {}]]],
    ['remove the list of values', [{ file: 'defs/languages.schema.json', op: 'remove', path: '/enum' }], [[0, 'enum', 'Rules.Refusal.EnumRequired', {}]]],
    [
      'add a list where the base has none',
      [{ file: ADDRESS, op: 'add', path: '/properties/city/enum', value: ['Chicago'] }],
      [[0, 'enum', 'Rules.Refusal.EnumNoBaseList', {}]],
    ],
    [
      'make a field the base requires optional',
      [{ file: ADDRESS, op: 'remove', path: '/required/1' }],
      [[0, 'required', 'Rules.Refusal.RequiredByBase', { field: 'city' }]],
    ],
    [
      'make a condition no longer require what the base requires',
      [{ file: ADDRESS, op: 'replace', path: '/allOf/0/then/required', value: ['state'] }],
      [[0, 'required', 'Rules.Refusal.RequiredByBase', { field: 'postalCode' }]],
    ],
    [
      'require a field that does not exist',
      [{ file: ADDRESS, op: 'add', path: '/required/-', value: 'county' }],
      [[0, 'required', 'Rules.Refusal.RequiredUnknownField', { field: 'county' }]],
    ],
    [
      'use a pattern that does not compile',
      [{ file: ADDRESS, op: 'add', path: '/properties/city/pattern', value: '([a-z]' }],
      [[0, 'pattern', 'Rules.Refusal.PatternInvalid', {}]],
    ],
    [
      'use a catastrophic pattern',
      [{ file: ADDRESS, op: 'add', path: '/properties/city/pattern', value: '^(a+)+$' }],
      [[0, 'pattern', 'Rules.Refusal.PatternNestedRepeat', { part: '(a+)+' }]],
    ],
    [
      'use a look-behind (the pattern that stalled a cluster)',
      [{ file: ADDRESS, op: 'add', path: '/properties/city/pattern', value: '(?<=c(?:a|a)*)x' }],
      [[0, 'pattern', 'Rules.Refusal.PatternLookaround', { part: '(?<=c(?:a|a)*)' }]],
    ],
    [
      'leave a required field nothing can pass (only the empty value)',
      [{ file: ADDRESS, op: 'add', path: '/properties/city/pattern', value: '^$' }],
      [[0, 'pattern', 'Rules.Refusal.NoValuePasses', {}]],
    ],
    [
      'ask for more characters than the field may hold',
      [{ file: ADDRESS, op: 'add', path: '/properties/city/pattern', value: '^.{37,}$' }],
      [[0, 'pattern', 'Rules.Refusal.NoValuePasses', {}]],
    ],
    [
      'shorten the most below what the pattern asks for',
      [
        { file: ADDRESS, op: 'add', path: '/properties/city/pattern', value: '^[A-Z]{5,}$' },
        { file: ADDRESS, op: 'replace', path: '/properties/city/maxLength', value: 4 },
      ],
      [
        [0, 'pattern', 'Rules.Refusal.NoValuePasses', {}],
        [1, 'maxLength', 'Rules.Refusal.NoValuePasses', {}],
      ],
    ],
    [
      'ask for characters the Latin-1 rule of the field refuses',
      [{ file: ADDRESS, op: 'add', path: '/properties/city/pattern', value: '^[\\u3040-\\u309F]+$' }],
      [[0, 'pattern', 'Rules.Refusal.NoValuePasses', {}]],
    ],
    [
      'add a rule without a message',
      [{ file: CONTACT, op: 'add', path: '/properties/company/maxLength', value: 20 }],
      [[0, 'maxLength', 'Rules.Refusal.MessageMissing', {}]],
    ],
    [
      'name a message key missing in a language',
      [{ file: ADDRESS, op: 'replace', path: '/properties/city/errorMessage/_', value: 'Validation.NoSuchMessage' }],
      [[0, 'errorMessage', 'Rules.Refusal.MessageKeyMissing', { key: 'Validation.NoSuchMessage', language: 'en' }]],
    ],
    [
      'use English for a message',
      [{ file: ADDRESS, op: 'replace', path: '/properties/city/errorMessage/_', value: 'Bad city' }],
      [[0, 'errorMessage', 'Rules.Refusal.MessageKeyInvalid', {}]],
    ],
    [
      'remove a message',
      [{ file: ADDRESS, op: 'remove', path: '/allOf/0/errorMessage/if' }],
      [[0, 'errorMessage', 'Rules.Refusal.MessageRemoved', { keyword: 'if' }]],
    ],
    [
      'name a help key missing in a language',
      [{ file: CONTACT_UI, op: 'replace', path: '/alternateEmail/ui:options/helpKey', value: 'Fields.nothing.help' }],
      [[0, 'helpKey', 'Rules.Refusal.MessageKeyMissing', { key: 'Fields.nothing.help', language: 'en' }]],
    ],
    [
      'drop a field from the order',
      [{ file: CONTACT_UI, op: 'replace', path: '/givenName/ui:order', value: ['lastName', 'firstName', 'suffix'] }],
      [[0, 'ui:order', 'Rules.Refusal.OrderNotPermutation', {}]],
    ],
    [
      'change a widget',
      [{ file: CONTACT_UI, op: 'replace', path: '/alternateEmail/ui:widget', value: 'text' }],
      [[0, 'ui:widget', 'Rules.Refusal.UiNotEditable', {}]],
    ],
    [
      'change a label key',
      [{ file: CONTACT_UI, op: 'replace', path: '/alternateEmail/ui:options/labelKey', value: 'Fields.email.label' }],
      [[0, 'ui:options/labelKey', 'Rules.Refusal.UiNotEditable', {}]],
    ],
    [
      'change the stored shape (api/)',
      [{ file: 'api/profile.schema.json', op: 'replace', path: '/properties/company/maxLength', value: 500 }],
      [[0, '', 'Rules.Refusal.UnknownFile', { file: 'api/profile.schema.json' }]],
    ],
    [
      'name a file that does not exist',
      [{ file: 'forms/nothing.schema.json', op: 'replace', path: '/maxLength', value: 1 }],
      [[0, '', 'Rules.Refusal.UnknownFile', { file: 'forms/nothing.schema.json' }]],
    ],
    [
      'change what no form uses',
      [{ file: 'defs/latin1.schema.json', op: 'replace', path: '/$defs/text/pattern', value: '^.*$' }],
      [[0, 'pattern', 'Rules.Refusal.NotAField', {}]],
    ],
    ['reach the prototype', [{ file: ADDRESS, op: 'add', path: '/properties/__proto__/maxLength', value: 1 }], [[0, '', 'Rules.Refusal.InvalidChange', {}]]],
    [
      'replace what is not there',
      [{ file: ADDRESS, op: 'replace', path: '/properties/address2/minLength', value: 1 }],
      [[0, 'minLength', 'Rules.Refusal.PathNotFound', {}]],
    ],
  ])('%s', async (_name, changes, expected) => {
    expect(await check(changes)).toEqual(expected);
  });

  it('answers every refusal of a draft at once, each at its change', async () => {
    const refusals = await check([
      { file: ADDRESS, op: 'replace', path: '/properties/city/maxLength', value: 20 },
      { file: ADDRESS, op: 'replace', path: '/properties/postalCode/maxLength', value: 17 },
      { file: ADDRESS, op: 'replace', path: '/properties/city/type', value: 'number' },
    ]);
    expect(refusals).toEqual([
      [1, 'maxLength', 'Rules.Refusal.AboveStorage', { limit: 16 }],
      [2, 'type', 'Rules.Refusal.ShapeChange', {}],
    ]);
  });
});
