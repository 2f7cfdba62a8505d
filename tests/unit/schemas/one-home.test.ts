import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { schemasDir } from '../../../scripts/lib/paths';
import { bundleSchema } from '../../../src/shared/schemas/bundle';
import type { SchemaFile } from '../../../src/shared/schemas/schema-types';
import { resolveUiIncludes, uiIncludes } from '../../../src/shared/schemas/ui-include';

// One home for each rule: what the profile and exam forms share lives in defs/contact-details (rules)
// and ui/defs/contact-details (presentation); a rule changed there changes both forms.

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.json') ? [join(dir, e.name)] : []));
const load = (): SchemaFile[] => walk(schemasDir).map((file) => ({ path: relative(schemasDir, file), schema: JSON.parse(readFileSync(file, 'utf8')) }));

describe('a form reaching a shared part through allOf', () => {
  it('is bundled with the shared fields, required fields and rules at its root', () => {
    const profile = bundleSchema('forms/profile.schema.json', load());
    expect(Object.keys(profile.properties as object)).toEqual(
      expect.arrayContaining(['email', 'alternateEmail', 'givenName', 'primaryAddress', 'preferences', 'allowConsentToSendSmsTextMessages']),
    );
    expect(profile.required).toEqual(expect.arrayContaining(['givenName', 'primaryAddress', 'primaryPhoneNumber']));
    // The three rules across fields (alternate e-mail, secondary phone, SMS consent), now at the root.
    expect(profile.allOf).toHaveLength(3);
    expect(JSON.stringify(profile.$defs)).not.toContain('contact-details');
  });

  it('changes both forms when a shared rule changes once', () => {
    const files = load();
    const shared = files.find((f) => f.path === 'defs/contact-details.schema.json')!;
    const edited = structuredClone(shared.schema) as { properties: { company: Record<string, unknown> } };
    edited.properties.company = { ...edited.properties.company, maxLength: 12 };
    const changed = files.map((f) => (f === shared ? { ...f, schema: edited } : f));
    for (const form of ['profile', 'exam']) {
      const bundled = bundleSchema(`forms/${form}.schema.json`, changed) as { properties: { company: { maxLength?: number } } };
      expect(bundled.properties.company.maxLength, form).toBe(12);
    }
  });

  it('leaves a part with anything but fields, required and rules where it is', () => {
    const files: SchemaFile[] = [
      {
        path: 'defs/part.schema.json',
        schema: { $id: 'defs/part.schema.json', type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
      },
      { path: 'forms/x.schema.json', schema: { $id: 'forms/x.schema.json', type: 'object', allOf: [{ $ref: '../defs/part.schema.json' }] } },
    ];
    expect(bundleSchema('forms/x.schema.json', files)).toMatchObject({ allOf: [{ $ref: '#/$defs/part' }] });
  });
});

describe('ui files including others', () => {
  const files = new Map<string, unknown>([
    [
      'ui/defs/block.ui.json',
      { $id: 'ui/defs/block.ui.json', $comment: 'shared', 'ui:order': ['a', 'b'], a: { 'ui:widget': 'text', 'ui:options': { labelKey: 'A', helpKey: 'H' } } },
    ],
    ['ui/defs/loop.ui.json', { 'x-include': 'defs/loop.ui.json' }],
  ]);
  const get = (id: string) => files.get(id);

  it('lays a file’s own entries over the included ones, objects merged, lists replaced', () => {
    const resolved = resolveUiIncludes(
      { field: { 'x-include': 'defs/block.ui.json', 'ui:order': ['b', 'a'], a: { 'ui:options': { helpKey: 'Other' } } } },
      get,
    );
    expect(resolved).toEqual({ field: { 'ui:order': ['b', 'a'], a: { 'ui:widget': 'text', 'ui:options': { labelKey: 'A', helpKey: 'Other' } } } });
    expect(uiIncludes({ x: { 'x-include': 'defs/block.ui.json' } })).toEqual(['ui/defs/block.ui.json']);
  });

  it('refuses an inclusion of a missing file and a cycle', () => {
    expect(() => resolveUiIncludes({ 'x-include': 'defs/none.ui.json' }, get)).toThrow(/no such ui file/);
    expect(() => resolveUiIncludes({ 'x-include': 'defs/loop.ui.json' }, get)).toThrow(/cycle/);
  });

  it('gives the profile and exam forms the same contact details, the exam its own help for the legal name', () => {
    const byId = new Map(
      load()
        .filter((f) => f.path.startsWith('ui/'))
        .map((f) => [String(f.schema.$id), f.schema]),
    );
    const profile = resolveUiIncludes(byId.get('ui/profile.ui.json'), (id) => byId.get(id)) as Record<string, Record<string, Record<string, unknown>>>;
    const exam = resolveUiIncludes(byId.get('ui/exam.ui.json'), (id) => byId.get(id)) as Record<string, Record<string, Record<string, unknown>>>;
    for (const field of ['primaryAddress', 'primaryPhoneNumber', 'preferences', 'company']) expect(exam[field], field).toEqual(profile[field]);
    expect(profile.givenName!['ui:options']!.helpKey).toBe('Fields.givenName.help');
    expect(exam.givenName!['ui:options']!.helpKey).toBe('Fields.givenName.examHelp');
    expect(exam['x-behaviours']!.clears).toMatchObject({
      'primaryAddress/country': ['primaryAddress/state'],
      isUsCitizenOlderThanEighteenYears: expect.any(Array),
    });
  });
});
