import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import { generatedDir } from '../../../scripts/lib/paths';
import { formNames, rootKeys, toFieldErrors } from '../../../src/generated/validators';
import { allCases } from './cases';

// The ES module the portal imports is a textual transform of RJSF's CommonJS output: both must judge
// every case alike.
const require = createRequire(import.meta.url);
const cases = Object.values(allCases).flat();

it.each(formNames)('%s: CommonJS and ES module validators agree', async (form) => {
  const cjs = require(join(generatedDir, 'validators', `${form}.cjs`)) as ValidatorFunctions;
  const esm = ((await import(join(generatedDir, 'validators', `${form}.js`))) as { default: ValidatorFunctions }).default;
  expect(Object.keys(esm).sort()).toEqual(Object.keys(cjs).sort());
  const judge = (fns: ValidatorFunctions, data: unknown) => {
    const validate = fns[rootKeys[form]];
    if (!validate) throw new Error(`no root validator for ${form}`);
    const valid = validate(structuredClone(data));
    const errors = toFieldErrors(validate.errors as never);
    validate.errors = null;
    return { valid, errors };
  };
  const mine = cases.filter((c) => c.form === form);
  expect(mine.length).toBeGreaterThan(0);
  for (const c of mine) expect(judge(esm, c.data), c.name).toEqual(judge(cjs, c.data));
});

it('takes both ways Ajv exports a validator: exports["<key>"] and, for an identifier key, exports.<key>', async () => {
  const { toEsModule, toGalleryModule } = await import('../../../src/server/forms/precompile');
  const cjs = '"use strict";exports["12ab"] = validate1;exports.f4d3732 = validate2;function validate1(){return true;}function validate2(){return false;}';
  const esm = toEsModule(cjs);
  expect(esm).toContain('validators["12ab"] = validate1');
  expect(esm).toContain('validators["f4d3732"] = validate2');
  const gallery = toGalleryModule(cjs, {});
  expect(gallery).toContain('validators["f4d3732"] = validate2');
  expect(() => toEsModule('"use strict";module.exports = {};')).toThrow(/Unexpected CommonJS construct/);
});
