import { join } from 'node:path';
import fc from 'fast-check';
import { formSchemas } from '../../../src/generated/validators';
import { readSchemaFiles, SchemaRegistry } from '../../../src/server/http/schema-registry';
import { FormMap } from '../../../src/server/rules/form-map';
import { affectedPaths, refsInConditions } from '../../../src/server/rules/impact';
import { impactValidator, prunedSchema, underAffected } from '../../../src/server/rules/impact-schema';
import { applyChanges } from '../../../src/server/rules/rule-files';
import type { FormName } from '../../../src/shared/schemas/form-names';
import { edgeDocuments } from '../schemas/edge-documents';
import { validDocuments } from '../schemas/fixtures';

// The impact check validates each stored profile with the form schema pruned to the paths a draft
// reaches. It must find exactly the errors the whole form finds there: checked on thousands of
// documents near the edges of each form (the agreement test's generator), for paths of every kind
// (a leaf, a group, one under a condition, one read by another field's condition, several at once).

const root = join(import.meta.dirname, '../../..');
const files = new Map(readSchemaFiles(join(root, 'schemas')).map((f) => [f.file, f.schema]));
const registry = new SchemaRegistry(join(root, 'schemas'));

const cases: Array<[FormName, string[]]> = [
  ['profile', ['/primaryAddress/city']],
  ['profile', ['/primaryAddress']],
  ['profile', ['/primaryAddress/postalCode', '/givenName/firstName']],
  ['profile', ['/secondaryPhoneNumber/phone']],
  ['profile', ['/mobilePhoneNumber', '/alternateEmail']],
  ['profile', ['/company', '/preferences/language']],
  ['exam', ['/birthMonth', '/birthYear']],
  ['exam', ['/primaryAddress/city', '/privacyPolicyAccepted']],
  ['exam', ['/isUsCitizenOlderThanEighteenYears']],
  ['demographics', ['/birthDay']],
  ['demographics', ['/primaryAddress/state', '/mobilePhoneNumber/phone']],
  ['address', ['/address/postalCode']],
];

describe('the form schema pruned to the paths a draft reaches', () => {
  it.each(cases)(
    '%s at %j finds exactly the whole form’s errors there',
    (form, affected) => {
      const file = `forms/${form}.schema.json`;
      const pruned = impactValidator(files, form, affected);
      const documents = edgeDocuments([validDocuments[form]], formSchemas[form], (doc) => registry.validate(file, doc) === null);
      let failing = 0;
      fc.assert(
        fc.property(documents, ({ doc }) => {
          const whole = (registry.validate(file, structuredClone(doc)) ?? []).filter((e) => underAffected(e.path, affected));
          const found = pruned(structuredClone(doc)) ?? [];
          if (whole.length > 0) failing++;
          expect([...found].sort((a, b) => `${a.path}${a.key}`.localeCompare(`${b.path}${b.key}`))).toEqual(
            whole.sort((a, b) => `${a.path}${a.key}`.localeCompare(`${b.path}${b.key}`)),
          );
        }),
        { numRuns: 1000, seed: 20260522 + affected.join().length },
      );
      // The documents reach both sides of the affected rules.
      expect(failing).toBeGreaterThan(5);
    },
    60_000,
  );

  it('keeps the whole schema where a change reaches the form itself, and little of it elsewhere', () => {
    const bundled = formSchemas.profile as Record<string, unknown>;
    expect(prunedSchema(bundled, [''])).toBe(bundled);
    const city = prunedSchema(bundled, ['/primaryAddress/city']) as { properties: Record<string, unknown> };
    expect(Object.keys(city.properties)).toEqual(['primaryAddress']);
  });
});

describe('the paths a draft reaches', () => {
  const map = new FormMap(files);
  it('are the field of a changed rule, or the fields a changed required list names', () => {
    const city = affectedPaths(map, [{ file: 'defs/address.schema.json', op: 'replace', path: '/properties/city/maxLength', value: 20 }]);
    expect(Object.fromEntries(city)).toEqual({
      profile: ['primaryAddress/city'],
      exam: ['primaryAddress/city'],
      demographics: ['primaryAddress/city'],
      address: ['address/city'],
    });
    const company = applyChanges(files, [{ file: 'forms/profile.schema.json', op: 'add', path: '/required/-', value: 'company' }]);
    const required = affectedPaths(map, [{ file: 'forms/profile.schema.json', op: 'add', path: '/required/-', value: 'company' }], [company, files]);
    expect(required.get('profile')?.sort()).toEqual(['company', 'givenName', 'primaryAddress', 'primaryPhoneNumber']);
    expect(affectedPaths(map, [{ file: 'ui/profile.ui.json', op: 'replace', path: '/ui:order', value: [] }]).size).toBe(0);
  });

  it('are every path of a form when a rule could reach a condition through a $ref', () => {
    expect(refsInConditions(files)).toBe(false);
    const withRef = new Map(files);
    withRef.set('forms/redeem.schema.json', {
      ...(files.get('forms/redeem.schema.json') as object),
      allOf: [{ if: { properties: { accessKey: { $ref: '../defs/email.schema.json' } } }, then: {} }],
    });
    expect(refsInConditions(withRef)).toBe(true);
  });
});
