import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { bundleSchema } from '../../../src/shared/schemas/bundle';
import { generateForms } from '../../../scripts/lib/generate-forms';
import { generateOpenapiTypes, OPENAPI_TYPES, openapiInputsHash } from '../../../scripts/lib/generate-openapi';
import { generatedDir, rootDir } from '../../../scripts/lib/paths';
import { formNames, formSchemaId, loadSchemaFiles } from '../../../scripts/lib/schema-files';
import { hoistConditionalProperties } from '../../../scripts/lib/types';
import { formFields, formSchemas } from '../../../src/generated/validators';

const files = loadSchemaFiles();

it.each(formNames)('%s bundles into a self-contained schema equal to the generated one', (form) => {
  const bundled = bundleSchema(formSchemaId(form), files);
  const refs = JSON.stringify(bundled).match(/"\$ref":"[^"]*"/g) ?? [];
  for (const ref of refs) expect(ref).toMatch(/^"\$ref":"#/);
  expect(JSON.stringify(bundled)).not.toMatch(/"title"|"description"/);
  expect(formSchemas[form]).toEqual(bundled);
});

it('hoists fields that exist only under a condition into the types and field lists', () => {
  const exam = hoistConditionalProperties(bundleSchema(formSchemaId('exam'), files, { keepProse: true }));
  expect(Object.keys(exam.properties as object)).toEqual(
    expect.arrayContaining(['isUsCitizenOlderThanEighteenYears', 'allowConsentToGatherBirthInformation', 'birthMonth', 'birthYear']),
  );
  expect(formFields.exam).toContain('birthYear');
  expect(formFields.email).toContain('verificationCode');
  const types = readFileSync(join(generatedDir, 'types/exam.ts'), 'utf8');
  expect(types).toMatch(/birthMonth\?: Month/);
  expect(types).toMatch(/isUsCitizenOlderThanEighteenYears\?: boolean/);
});

it('generation is deterministic and src/generated is up to date with schemas/', async () => {
  const out = join(rootDir, 'node_modules/.cache/schema-generation');
  rmSync(out, { recursive: true, force: true });
  const first = await generateForms(out);
  expect(first.written.length).toBeGreaterThan(formNames.length * 5);
  const second = await generateForms(out);
  expect(second.written).toEqual([]);
  for (const path of first.written) {
    expect(readFileSync(join(generatedDir, path), 'utf8'), `${path} is stale: run npm run gen`).toBe(readFileSync(join(out, path), 'utf8'));
  }
  rmSync(out, { recursive: true, force: true });
}, 60000);

it('src/generated/openapi.ts is the types of the document the services build now, made the same way every time', async () => {
  const out = join(rootDir, 'node_modules/.cache/openapi-generation');
  rmSync(out, { recursive: true, force: true });
  // Built from the app in this process; the file under src/generated was built by npm run gen in another.
  expect(await generateOpenapiTypes(out, { force: true })).toEqual([OPENAPI_TYPES]);
  const fresh = readFileSync(join(out, OPENAPI_TYPES), 'utf8');
  expect(fresh).toContain(`inputs ${openapiInputsHash()}`);
  expect(fresh).toMatch(/"\/api\/profiles\/\{id\}": \{/);
  expect(readFileSync(join(generatedDir, OPENAPI_TYPES), 'utf8'), `${OPENAPI_TYPES} is stale: run npm run gen`).toBe(fresh);
  // Unchanged inputs: gen leaves the file alone without building the app.
  expect(await generateOpenapiTypes(out)).toEqual([]);
  rmSync(out, { recursive: true, force: true });
}, 120000);
