import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleSchema } from '../../../scripts/lib/bundle';
import { generatedDir } from '../../../scripts/lib/paths';
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
