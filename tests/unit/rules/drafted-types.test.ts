import { join } from 'node:path';
import fc from 'fast-check';
import ts from 'typescript';
import { formTypes } from '../../../scripts/lib/types';
import { loadCatalogues } from '../../../src/server/forms/locale-catalogue';
import { readSchemaFiles } from '../../../src/server/http/schema-registry';
import { checkDraft, type CheckContext } from '../../../src/server/rules/draft-checks';
import { FormMap } from '../../../src/server/rules/form-map';
import { changedFiles, type RuleChange, type RuleFiles } from '../../../src/server/rules/rule-files';
import { bundleSchema } from '../../../src/shared/schemas/bundle';
import type { FormName } from '../../../src/shared/schemas/form-names';

// Code compiled against the types generated at build time stays correct for every version the
// console can publish (docs/admin-area.md). Drafts are generated from the changes the console may
// make, kept when the draft checks accept them, applied; the forms they reach get their types
// generated again (json-schema-to-typescript, as `npm run gen` does) and one TypeScript program
// proves each drafted type assignable to the base type. A control draft that makes a required field
// optional (which the checks refuse) shows the proof can fail.

const root = join(import.meta.dirname, '../../..');
const base: RuleFiles = new Map(readSchemaFiles(join(root, 'schemas')).map((f) => [f.file, f.schema]));
const map = new FormMap(base);
const ctx: CheckContext = {
  base,
  map,
  catalogues: loadCatalogues(join(root, 'locales')),
  patterns: async (q) => ({ refusals: new Map(q.patterns.map((p) => [p, null])), passable: q.fields.map(() => true) }),
};

const ADDRESS = 'defs/address.schema.json';
const NAME = 'defs/name.schema.json';
const stringField = fc.constantFrom(
  { file: ADDRESS, at: '/properties/city', max: 64 },
  { file: ADDRESS, at: '/properties/address1', max: 64 },
  { file: ADDRESS, at: '/properties/postalCode', max: 16 },
  { file: NAME, at: '/$defs/given/properties/firstName', max: 30 },
  { file: NAME, at: '/$defs/preferred/properties/lastName', max: 50 },
  { file: 'forms/demographics.schema.json', at: '/properties/birthYear', max: 4 },
);
const change: fc.Arbitrary<RuleChange> = fc.oneof(
  stringField.chain((f) => fc.integer({ min: 1, max: f.max }).map((value): RuleChange => ({ file: f.file, op: 'replace', path: `${f.at}/maxLength`, value }))),
  stringField.chain((f) => fc.integer({ min: 0, max: 1 }).map((value): RuleChange => ({ file: f.file, op: 'replace', path: `${f.at}/minLength`, value }))),
  fc
    .constantFrom('^[A-Za-z .-]*$', '^[0-9A-Z -]*$', '^.{0,20}$')
    .map((value): RuleChange => ({ file: ADDRESS, op: 'add', path: '/properties/city/pattern', value })),
  fc
    .subarray(['en', 'ja', 'zh-Hans', 'zh-Hant', 'ko', 'pt', 'es'], { minLength: 1 })
    .map((value): RuleChange => ({ file: 'defs/languages.schema.json', op: 'replace', path: '/enum', value })),
  fc
    .subarray(['Home', 'Work', 'Cellphone', 'Other', 'Unknown'], { minLength: 1 })
    .map((value): RuleChange => ({ file: 'defs/phone-types.schema.json', op: 'replace', path: '/enum', value })),
  fc
    .constantFrom('company', 'preferredName', 'secondaryPhoneNumber', 'preferences', 'alternateEmail')
    .map((value): RuleChange => ({ file: 'forms/profile.schema.json', op: 'add', path: '/required/-', value })),
  fc
    .constantFrom('company', 'preferences', 'allowCredentialReleaseToThirdParty')
    .map((value): RuleChange => ({ file: 'forms/exam.schema.json', op: 'add', path: '/required/-', value })),
  fc.constantFrom('address2', 'state', 'postalCode').map((value): RuleChange => ({ file: ADDRESS, op: 'add', path: '/required/-', value })),
  fc
    .integer({ min: 1, max: 2147483647 })
    .map((value): RuleChange => ({ file: 'forms/course-picker.schema.json', op: 'replace', path: '/properties/productId/maximum', value })),
  fc
    .shuffledSubarray(['firstName', 'middleName', 'lastName', 'suffix'], { minLength: 4, maxLength: 4 })
    .map((value): RuleChange => ({ file: 'ui/profile.ui.json', op: 'replace', path: '/givenName/ui:order', value })),
);
const drafts = fc.array(change, { minLength: 1, maxLength: 5 });

const pascal = (form: string) => form.replace(/(^|-)([a-z])/g, (_m, _d: string, c: string) => c.toUpperCase());
const typeNameOf = (form: string) => `${pascal(form)}Form`;

async function typesOf(files: RuleFiles, form: FormName): Promise<string> {
  const bundled = bundleSchema(
    `forms/${form}.schema.json`,
    [...files].map(([path, schema]) => ({ path, schema })),
    { keepProse: true },
  );
  return formTypes(form, bundled);
}

async function program(cases: Array<{ name: string; files: RuleFiles; forms: FormName[] }>) {
  const forms = [...new Set(cases.flatMap((c) => c.forms))];
  const parts: string[] = [];
  for (const form of forms) parts.push(`namespace Base_${pascal(form)} {\n${await typesOf(base, form)}\n}`);
  const lines = new Map<string, string>(); // assertion text -> case
  for (const [i, c] of cases.entries()) {
    for (const form of c.forms) {
      const ns = `Case${i}_${pascal(form)}`;
      parts.push(`namespace ${ns} {\n${await typesOf(c.files, form)}\n}`);
      const assertion = `export const check${i}_${pascal(form)}: Base_${pascal(form)}.${typeNameOf(form)} = null as unknown as ${ns}.${typeNameOf(form)};`;
      parts.push(assertion);
      lines.set(assertion, `${c.name} (${form})`);
    }
  }
  const text = parts.join('\n');
  const file = '/virtual/drafted-types.ts';
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    types: [],
    lib: ['lib.es2022.d.ts'],
  };
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version) => (name === file ? ts.createSourceFile(name, text, version) : read(name, version));
  const all = ts.getPreEmitDiagnostics(ts.createProgram([file], options, host));
  // A diagnostic outside the file (a missing lib) would mean nothing was checked.
  if (all.some((d) => d.file?.fileName !== file)) throw new Error(all.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('\n'));
  const diagnostics = all.filter((d) => d.file?.fileName === file);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022);
  return diagnostics.map((d) => {
    const line = source.getLineAndCharacterOfPosition(d.start ?? 0).line;
    const lineText = text.split('\n')[line] ?? '';
    return { case: lines.get(lineText) ?? lineText, message: ts.flattenDiagnosticMessageText(d.messageText, '\n').split('\n')[0] };
  });
}

describe('types of drafted rules', () => {
  it('every generated draft the checks accept keeps its forms’ types assignable to the base types', async () => {
    const sampled = fc.sample(drafts, { numRuns: 40, seed: 20260522 });
    const cases: Array<{ name: string; files: RuleFiles; forms: FormName[] }> = [];
    for (const [i, changes] of sampled.entries()) {
      const { refusals, files } = await checkDraft(ctx, base, changes);
      if (refusals.length > 0) continue;
      const forms = [...new Set(changedFiles(changes).flatMap((file) => map.formsReached(file)))];
      cases.push({ name: `draft ${i}: ${JSON.stringify(changes)}`, files, forms });
    }
    // The generator makes mostly acceptable drafts, so the proof covers many.
    expect(cases.length).toBeGreaterThanOrEqual(25);
    expect(new Set(cases.flatMap((c) => c.forms)).size).toBeGreaterThanOrEqual(5);
    expect(await program(cases)).toEqual([]);
  }, 120_000);

  it('fails for a draft that makes a required field optional (which the checks refuse)', async () => {
    const control: RuleChange[] = [{ file: 'forms/profile.schema.json', op: 'remove', path: '/required/0' }];
    const { refusals, files } = await checkDraft(ctx, base, control);
    expect(refusals.map((r) => r.key)).toEqual(['Rules.Refusal.RequiredByBase']);
    // The checks answer the draft applied all the same: its type is no longer the base's, and the proof says so.
    expect((files.get('forms/profile.schema.json') as { required: string[] }).required).not.toContain('givenName');
    const found = await program([{ name: 'control', files, forms: ['profile'] }]);
    expect(found).toEqual([{ case: 'control (profile)', message: "Type 'Case0_Profile.ProfileForm' is not assignable to type 'Base_Profile.ProfileForm'." }]);
  }, 60_000);
});
