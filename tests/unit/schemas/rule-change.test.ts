import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { hashForSchema } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import { rootDir, schemasDir } from '../../../scripts/lib/paths';
import { writeFormValidator } from '../../../scripts/lib/generate-forms';
import { toFieldErrors } from '../../../src/generated/validators';
import { validProfile } from './fixtures';
import { withValue } from './harness';

// A rule changed in a schema file reaches the precompiled validator through generation alone: no
// TypeScript changes. The copy lives under node_modules/.cache so the validator's runtime requires
// (ajv/dist/runtime/*) resolve as they do from src/generated.
const work = join(rootDir, 'node_modules/.cache/schema-rule-change');
const copiedSchemas = join(work, 'schemas');
const out = join(work, 'validators');

function loadValidators(file: string): ValidatorFunctions {
  const require = createRequire(import.meta.url);
  delete require.cache[require.resolve(file)];
  return require(file) as ValidatorFunctions;
}

function cityErrors(validators: ValidatorFunctions, rootKey: string, city: string) {
  const validate = validators[rootKey];
  if (!validate) throw new Error('no profile validator');
  validate(withValue(validProfile, '/primaryAddress/city', city));
  const errors = toFieldErrors(validate.errors as never);
  validate.errors = null;
  return errors.filter((e) => e.path === '/primaryAddress/city');
}

beforeAll(() => {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  cpSync(schemasDir, copiedSchemas, { recursive: true });
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

it('city max length 32 -> 20 in the address def is enforced, and said, after regeneration', () => {
  const beforeKey = hashForSchema(writeFormValidator('profile', join(out, 'before'), copiedSchemas));
  const before = loadValidators(join(out, 'before', 'profile.cjs'));
  expect(cityErrors(before, beforeKey, 'c'.repeat(21))).toEqual([]);
  expect(cityErrors(before, beforeKey, 'c'.repeat(33))).toEqual([
    { path: '/primaryAddress/city', key: 'Validation.InvalidCity', params: { rule: 'maxLength', limit: 32 } },
  ]);

  const file = join(copiedSchemas, 'defs/address.schema.json');
  const address = JSON.parse(readFileSync(file, 'utf8'));
  expect(address.properties.city.maxLength).toBe(32);
  address.properties.city.maxLength = 20;
  writeFileSync(file, JSON.stringify(address, null, 2));

  const afterKey = hashForSchema(writeFormValidator('profile', join(out, 'after'), copiedSchemas));
  expect(afterKey).not.toBe(beforeKey);
  const after = loadValidators(join(out, 'after', 'profile.cjs'));
  expect(cityErrors(after, afterKey, 'c'.repeat(20))).toEqual([]);
  // The message's limit follows the schema too.
  expect(cityErrors(after, afterKey, 'c'.repeat(21))).toEqual([
    { path: '/primaryAddress/city', key: 'Validation.InvalidCity', params: { rule: 'maxLength', limit: 20 } },
  ]);
});
