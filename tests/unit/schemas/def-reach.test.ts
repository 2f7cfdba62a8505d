import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formsReachingDefs } from '../../../src/shared/schemas/def-reach';

// Which forms each shared definition reaches, from the schema and ui files on disk, is what the
// README's table says, file by file; and the reach follows the files (a ref added or removed).
const dir = join(process.cwd(), 'schemas');
const read = (path: string) => JSON.parse(readFileSync(join(dir, path), 'utf8')) as Record<string, unknown>;
const files = Object.fromEntries(
  ['forms', 'defs'].flatMap((sub) => readdirSync(join(dir, sub)).map((f) => read(`${sub}/${f}`))).map((schema) => [schema.$id as string, schema]),
);
const ui = Object.fromEntries(readdirSync(join(dir, 'ui')).map((f) => [f.replace('.ui.json', ''), read(`ui/${f}`)]));

it("the README's table of shared definitions is what the schema files say", () => {
  const reach = formsReachingDefs(files, ui);
  expect(reach['defs/address.schema.json']).toEqual(['profile', 'exam', 'demographics', 'address']);
  const readme = readFileSync(join(process.cwd(), 'README.md'), 'utf8');
  const documented = Object.fromEntries([...readme.matchAll(/^\| `(defs\/[a-z0-9-]+\.schema\.json)` \| ([^|]*) \|/gm)].map((m) => [m[1], m[2]!.trim().split(', ')]));
  expect(documented).toEqual(reach);
  // Every file under defs/ is reached by some form.
  expect(Object.keys(reach).sort()).toEqual(readdirSync(join(dir, 'defs')).map((f) => `defs/${f}`).sort());
});

it('follows the files: a form that stops referring to a definition is no longer listed for it', () => {
  const companyCountry = structuredClone(files['forms/company-country.schema.json']) as { properties: Record<string, unknown> };
  companyCountry.properties.country = { type: 'string' };
  const reach = formsReachingDefs({ ...files, 'forms/company-country.schema.json': companyCountry }, ui);
  expect(reach['defs/countries.schema.json']).not.toContain('company-country');
});
