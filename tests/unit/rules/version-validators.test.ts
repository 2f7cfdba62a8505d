import fc from 'fast-check';
import { schemasDir } from '../../../scripts/lib/paths';
import { FORM_NAMES } from '../../../src/shared/schemas/form-names';
import { SchemaRegistry, standaloneValidator, type FormRules } from '../../../src/server/http/schema-registry';
import { TOO_MANY_ITEMS } from '../../../src/server/http/bounds';
import { applyChanges, type RuleFiles } from '../../../src/server/rules/rule-files';
import type { RulesThread } from '../../../src/server/rules/rules-thread';
import { VersionValidators } from '../../../src/server/rules/version-validators';
import { validatedFiles, validatorKeys } from '../../../src/server/rules/validator-code';
import { edgeDocuments } from '../schemas/edge-documents';
import { validDocuments } from '../schemas/fixtures';
import { formSchemas, stockValid, type FieldError } from '../schemas/harness';

// A rules version's validators are compiled in the rules thread as Ajv standalone code and only
// evaluated on the thread that answers requests (src/server/rules/version-validators.ts). They must
// judge exactly as the services' registry compiled in place does, reuse what a version's changes do
// not reach, and answer `require` only from the list of run-time modules.

const registry = new SchemaRegistry(schemasDir);
const baseFiles: RuleFiles = new Map(registry.files().map((f) => [f.file, f.schema]));
const CITY_20 = [{ file: 'defs/address.schema.json', op: 'replace' as const, path: '/properties/city/maxLength', value: 20 }];
const DOCUMENTS_PER_FORM = 300;

const sorted = (errors: FieldError[] | null) => (errors === null ? null : [...errors].sort((a, b) => `${a.path} ${a.key}`.localeCompare(`${b.path} ${b.key}`)));

let builder: VersionValidators;
let standalone: FormRules;
beforeAll(async () => {
  // Nothing seeded: every file of the base is compiled in the thread.
  builder = new VersionValidators();
  standalone = (await builder.build(baseFiles, 'base-standalone')).rules;
}, 120_000);
afterAll(() => builder.close());

describe('validators built as standalone code in the rules thread', () => {
  it.each(FORM_NAMES)('judge the %s form as the registry does, near the edges of its rules', (form) => {
    const file = `forms/${form}.schema.json`;
    const documents = edgeDocuments([validDocuments[form]], formSchemas[form], (doc) => stockValid(form, doc));
    let invalid = 0;
    fc.assert(
      fc.property(documents, ({ doc }) => {
        const expected = sorted(registry.validate(file, structuredClone(doc)));
        if (expected) invalid += 1;
        expect(sorted(standalone.validate(file, structuredClone(doc)))).toEqual(expected);
      }),
      { numRuns: DOCUMENTS_PER_FORM, seed: 20_260_301 + form.length },
    );
    // The documents reached the rules: some were refused.
    expect(invalid).toBeGreaterThan(0);
  });

  it('keep the bounds in front of the rules: a flood is one error, before the rules walk it', async () => {
    // No form declares a bound today; a definition with one shows the standalone pair keeps the order.
    const tags = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'defs/tags.schema.json',
      type: 'object',
      properties: { tags: { type: 'array', maxItems: 3, items: { type: 'string', maxLength: 2 } } },
      additionalProperties: false,
    };
    const files: RuleFiles = new Map([['defs/tags.schema.json', tags]]);
    const built = (await builder.build(files, 'tags')).rules;
    const compiled = new SchemaRegistry({ files: [{ file: 'defs/tags.schema.json', schema: tags }], name: 'tags' });
    const flood = { tags: Array.from({ length: 5_000 }, () => 'too long') };
    const strays = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`stray${i}`, i]));
    for (const doc of [flood, strays, { tags: ['ab', 'abc'] }, { tags: ['ab'] }])
      expect(built.validate('defs/tags.schema.json', doc)).toEqual(compiled.validate('defs/tags.schema.json', doc));
    expect(built.validate('defs/tags.schema.json', flood)).toEqual([{ path: '/tags', key: TOO_MANY_ITEMS }]);
  });

  it('give the form fields and ui files the registry gives', () => {
    for (const form of FORM_NAMES) {
      expect(standalone.fields(`forms/${form}.schema.json`)).toEqual(registry.fields(`forms/${form}.schema.json`));
      expect(standalone.ui(form)).toEqual(registry.ui(form));
    }
  });

  it('never compile on the thread answering requests: a file the thread did not build is an error', () => {
    expect(() => standalone.validate('api/profile.schema.json', {})).toThrow(/No validator for api\/profile\.schema\.json/);
  });
});

describe('a version built on the seeded base', () => {
  it('compiles only the files its changes reach, reuses the rest, and judges by its own rules', async () => {
    const seeded = new VersionValidators();
    try {
      const base = seeded.seedBase(baseFiles, registry);
      const files = applyChanges(baseFiles, CITY_20);
      const { rules, figures } = await seeded.build(files, 'city-20');
      // The files whose validators depend on defs/address.schema.json: their keys change, the others' do not.
      const before = validatorKeys(baseFiles, validatedFiles(baseFiles));
      const after = validatorKeys(files, validatedFiles(files));
      const reached = validatedFiles(files).filter((file) => before.get(file) !== after.get(file));
      expect(reached).toContain('defs/address.schema.json');
      expect(reached).toContain('forms/profile.schema.json');
      expect(reached).not.toContain('forms/password.schema.json');
      expect(figures).toMatchObject({ built: reached.length, reused: validatedFiles(files).length - reached.length });
      console.log(
        `city maxLength 20: ${figures.built} files compiled in the thread (${figures.threadMs} ms there), ${figures.reused} reused; ` +
          `evaluated here in ${figures.evalMs} ms, the longest file ${figures.longestEvalMs} ms`,
      );

      const profile = { ...validDocuments.profile, primaryAddress: { ...(validDocuments.profile.primaryAddress as object), city: 'C'.repeat(21) } };
      expect(base.validate('forms/profile.schema.json', profile)).toBeNull();
      expect(rules.validate('forms/profile.schema.json', profile)).toEqual([
        { path: '/primaryAddress/city', key: 'Validation.InvalidCity', params: { rule: 'maxLength', limit: 20 } },
      ]);
      // A form the change does not reach validates with the base's very function.
      expect(rules.validate('forms/password.schema.json', validDocuments.password)).toBeNull();
    } finally {
      await seeded.close();
    }
  }, 120_000);
});

describe('standalone code', () => {
  it('may require only the listed run-time modules', () => {
    expect(() => standaloneValidator('module.exports = require("node:fs");', 'hostile')).toThrow(/Unexpected run-time module node:fs/);
    expect(() => standaloneValidator('module.exports = require("child_process");', 'hostile')).toThrow(/Unexpected run-time module/);
    const ok = standaloneValidator('const equal = require("ajv/dist/runtime/equal").default; module.exports = (d) => equal(d, 1);', 'listed');
    expect(ok(1)).toBe(true);
  });
});

describe('browser modules', () => {
  /** A rules thread that counts what it is asked and answers when told (a test double). */
  function countingThread() {
    const asked: unknown[] = [];
    const answers: Array<{ resolve(code: string): void; reject(error: Error): void }> = [];
    const thread = {
      ask: (request: unknown) =>
        new Promise((resolve, reject) => {
          asked.push(request);
          answers.push({ resolve, reject });
        }),
      close: async () => undefined,
    };
    return { thread: thread as unknown as RulesThread, asked, answers };
  }

  it('are compiled once per version and form: requests at once share the compilation, later ones the kept module', async () => {
    const { thread, asked, answers } = countingThread();
    const modules = new VersionValidators(thread);
    const loads = [modules.formModule('rules/h1/profile', baseFiles, 'profile'), modules.formModule('rules/h1/profile', baseFiles, 'profile')];
    const other = modules.formModule('rules/h1/exam', baseFiles, 'exam');
    expect(asked).toHaveLength(2);
    expect(asked[0]).toMatchObject({ type: 'form-module', form: 'profile' });
    expect(modules.moduleBuilt('rules/h1/profile')).toBe(false);
    answers[0]!.resolve('export default 1');
    answers[1]!.resolve('export default 2');
    expect(await Promise.all([...loads, other])).toEqual(['export default 1', 'export default 1', 'export default 2']);
    expect(modules.moduleBuilt('rules/h1/profile')).toBe(true);
    expect(await modules.formModule('rules/h1/profile', baseFiles, 'profile')).toBe('export default 1');
    expect(asked).toHaveLength(2);
  });

  it('are not kept when their compilation fails: the next request compiles again', async () => {
    const { thread, asked, answers } = countingThread();
    const modules = new VersionValidators(thread);
    const failed = modules.formModule('rules/h2/profile', baseFiles, 'profile');
    answers[0]!.reject(new Error('thread ended'));
    await expect(failed).rejects.toThrow('thread ended');
    expect(modules.moduleBuilt('rules/h2/profile')).toBe(false);
    const again = modules.formModule('rules/h2/profile', baseFiles, 'profile');
    expect(asked).toHaveLength(2);
    answers[1]!.resolve('export default 3');
    expect(await again).toBe('export default 3');
  });
});
