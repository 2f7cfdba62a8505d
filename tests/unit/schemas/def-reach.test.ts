import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { formsReachingDefs } from '../../../src/shared/schemas/def-reach';
import { resolveUiIncludes } from '../../../src/shared/schemas/ui-include';

// Which forms each shared definition reaches, from the schema and ui files on disk, is what the
// table in docs/forms.md ("Shared definitions") says, file by file; and the reach follows the files (a ref added or removed).
const dir = join(process.cwd(), 'schemas');
const read = (path: string) => JSON.parse(readFileSync(join(dir, path), 'utf8')) as Record<string, unknown>;
const files = Object.fromEntries(
  ['forms', 'defs'].flatMap((sub) => readdirSync(join(dir, sub)).map((f) => read(`${sub}/${f}`))).map((schema) => [schema.$id as string, schema]),
);
// Each form's ui file with the ui files it includes laid in, as every reader sees it.
const uiById = new Map(
  readdirSync(join(dir, 'ui'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => read(relative(dir, join(entry.parentPath, entry.name))))
    .map((file) => [file.$id as string, file]),
);
const ui = Object.fromEntries(
  readdirSync(join(dir, 'ui'))
    .filter((f) => f.endsWith('.ui.json'))
    .map((f) => [f.replace('.ui.json', ''), resolveUiIncludes(read(`ui/${f}`), (id) => uiById.get(id))]),
);

it("docs/forms.md's table of shared definitions is what the schema files say", () => {
  const reach = formsReachingDefs(files, ui);
  expect(reach['defs/address.schema.json']).toEqual(['profile', 'exam', 'demographics', 'address']);
  const page = readFileSync(join(process.cwd(), 'docs/forms.md'), 'utf8');
  const documented = Object.fromEntries(
    [...page.matchAll(/^\| `(defs\/[a-z0-9-]+\.schema\.json)` \| ([^|]*) \|/gm)].map((m) => [m[1], m[2]!.trim().split(', ')]),
  );
  expect(documented).toEqual(reach);
  // Every file under defs/ is reached by some form.
  expect(Object.keys(reach).sort()).toEqual(
    readdirSync(join(dir, 'defs'))
      .map((f) => `defs/${f}`)
      .sort(),
  );
});

it('follows the files: a form that stops referring to a definition is no longer listed for it', () => {
  const companyCountry = structuredClone(files['forms/company-country.schema.json']) as { properties: Record<string, unknown> };
  companyCountry.properties.country = { type: 'string' };
  const reach = formsReachingDefs({ ...files, 'forms/company-country.schema.json': companyCountry }, ui);
  expect(reach['defs/countries.schema.json']).not.toContain('company-country');
});
