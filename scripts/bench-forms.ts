// npm run bench:forms: validation time per call for each form, precompiled against a runtime-compiled
// Ajv in the same run, and the gzip size of the forms code as Vite builds it. With BENCH_JSON set,
// also writes the figures and marks there (scripts/lib/bench-report.ts).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import Ajv2020 from 'ajv/dist/2020';
import ajvErrors from 'ajv-errors';
import addFormats from 'ajv-formats';
import { build, type Rollup } from 'vite';
import { bundleSchema } from '../src/shared/schemas/bundle';
import { type BenchMark, type BenchReport, type BenchTable, writeBenchJson } from './lib/bench-report';
import { rootDir } from './lib/paths';
import { type FormName, formNames, formSchemaId, loadSchemaFiles } from './lib/schema-files';
import { precompiledValidators, rootKeys } from '../src/generated/validators';
import { validDocuments } from '../tests/unit/schemas/fixtures';

type Doc = Record<string, unknown>;
const valid: Record<FormName, Doc> = validDocuments;
const { profile: validProfile, exam: validExam, demographics: validDemographics, email: validEmail } = validDocuments;
// About six errors on the larger forms, as in docs/performance.md's profile mark.
const invalid: Record<FormName, Doc> = {
  profile: {
    ...validProfile,
    alternateEmail: 'learner@example.com',
    givenName: { firstName: 'Jo,hn', lastName: '' },
    primaryAddress: { address1: 'x'.repeat(41), city: 'c'.repeat(33), country: 'USA', postalCode: '1234' },
    secondaryPhoneNumber: { countryCode: '1', phone: '2175550100', phonetype: 'Home' },
  },
  exam: { ...validExam, privacyPolicyAccepted: false, birthYear: '90', givenName: { firstName: 'a@b.com', lastName: '' }, primaryAddress: {} },
  demographics: {
    ...validDemographics,
    birthDay: '31',
    birthMonth: '04',
    isOlderThanEighteenYears: false,
    mobilePhoneNumber: {},
    primaryAddress: { country: 'CAN', postalCode: '1' },
  },
  'company-country': { company: 'A\\B', country: 'ZZZ' },
  email: { ...validEmail, email: 'learner@example.com', currentPassword: '', verificationCodeSent: true },
  password: { currentPassword: 'Abcdefgh12', newPassword: 'Abcdefgh12', confirmPassword: 'x' },
  redeem: { accessKey: '' },
  'course-picker': { productId: 'x' },
  address: { address: { address1: '100 Main Street', city: 'Chicago', state: 'IL', country: 'USA', postalCode: '606' } },
};

function timed(fn: () => unknown, budgetMs: number): number {
  let calls = 0;
  const start = performance.now();
  let now = start;
  while (now - start < budgetMs) {
    for (let i = 0; i < 100; i += 1) fn();
    calls += 100;
    now = performance.now();
  }
  return ((now - start) * 1000) / calls;
}

/** µs per call, median of rounds that alternate between the candidates (the machine is noisy). */
/** Large validators tier up late (and later on a busy machine): run until two samples agree. */
function warm(fn: () => unknown, maxMs = 2500): void {
  const start = performance.now();
  let last = timed(fn, 100);
  while (performance.now() - start < maxMs) {
    const next = timed(fn, 100);
    if (Math.abs(next - last) <= 0.15 * last) return;
    last = next;
  }
}

function compare(candidates: (() => unknown)[], rounds = 7, budgetMs = 100): number[] {
  candidates.forEach((fn) => warm(fn));
  const samples = candidates.map(() => [] as number[]);
  for (let r = 0; r < rounds; r += 1) candidates.forEach((fn, i) => samples[i]?.push(timed(fn, budgetMs)));
  return samples.map((list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] as number);
}

const measuredAt = new Date().toISOString();
const load = loadavg();
const files = loadSchemaFiles();
const rows: string[][] = [];
for (const form of formNames) {
  const schema = bundleSchema(formSchemaId(form), files);
  const pre = precompiledValidators[form][rootKeys[form]];
  if (!pre) throw new Error(`no precompiled validator for ${form}`);
  const ajv = new Ajv2020({ allErrors: true, $data: true, strict: false, multipleOfPrecision: 8 });
  addFormats(ajv);
  ajvErrors(ajv);
  const t0 = performance.now();
  const runtime = ajv.compile(schema);
  const compileMs = performance.now() - t0;
  const run = (validate: typeof runtime, doc: Doc) => () => validate(doc);
  const ok = [pre(valid[form]), runtime(valid[form])];
  const bad = [pre(invalid[form]), pre.errors?.length ?? 0, runtime(invalid[form]), runtime.errors?.length ?? 0];
  if (ok[0] !== true || ok[1] !== true || bad[0] !== false || bad[2] !== false) throw new Error(`${form}: sample documents misclassified`);
  const [validPre, validRt] = compare([run(pre as typeof runtime, valid[form]), run(runtime, valid[form])]);
  const [invalidPre, invalidRt] = compare([run(pre as typeof runtime, invalid[form]), run(runtime, invalid[form])]);
  rows.push([form, ...[validPre, validRt, invalidPre, invalidRt].map((v) => (v as number).toFixed(1)), String(bad[1]), compileMs.toFixed(1)]);
}
const header = ['form', 'valid pre µs', 'valid rt µs', 'invalid pre µs', 'invalid rt µs', 'errors', 'rt compile ms'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join('  ');
console.log('Validation per call (precompiled = build output; rt = Ajv2020 compiled at run time, same options)');
console.log(`median of 7 alternating rounds after warm-up; load average ${load.map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} cores\n`);
console.log(line(header));
for (const row of rows) console.log(line(row));

// Gzip size: Vite production builds of small entries, React and i18n kept outside so that only
// the form layer and the generated code are counted.
const work = join(rootDir, 'node_modules/.cache/forms-bench');
mkdirSync(work, { recursive: true });
const external = ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client', 'i18next', 'react-i18next'];
async function gzipOf(name: string, source: string): Promise<{ raw: number; gzip: number; compiler: boolean }> {
  const entry = join(work, `${name}.tsx`);
  writeFileSync(entry, source);
  const result = (await build({
    root: work,
    configFile: false,
    logLevel: 'silent',
    plugins: [react()],
    build: { write: false, minify: true, rollupOptions: { input: entry, external } },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
  let raw = 0;
  let gzip = 0;
  let compiler = false;
  for (const chunk of outputs) {
    if (chunk.type !== 'chunk') continue;
    raw += chunk.code.length;
    gzip += gzipSync(chunk.code).length;
    // The Ajv compiler generates code with new Function; the precompiled validators never do.
    compiler ||= /new Function\(|Function\(\s*["'`]/.test(chunk.code);
  }
  return { raw, gzip, compiler };
}

// The portal as `npm run build` makes it: the chunks that hold form-engine or generated code.
async function portalFormChunks(): Promise<void> {
  const result = (await build({
    configFile: join(rootDir, 'vite.config.ts'),
    logLevel: 'silent',
    build: { write: false, sourcemap: false },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const chunks = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const isForms = (id: string) => id.includes('/src/portal/forms/') || id.includes('/src/generated/');
  let total = 0;
  let all = 0;
  const table: BenchTable = {
    caption: 'Portal production build: chunks holding src/portal/forms or src/generated code (gzip)',
    columns: ['Chunk', 'KB gzip', 'Ajv compiler'],
    rows: [],
  };
  console.log('\nPortal production build: chunks holding src/portal/forms or src/generated code\n');
  for (const chunk of chunks) {
    const gzip = gzipSync(chunk.code).length;
    all += gzip;
    if (!chunk.moduleIds.some(isForms)) continue;
    total += gzip;
    const compiler = /new Function\(|Function\(\s*["'`]/.test(chunk.code);
    console.log(`${chunk.fileName.padEnd(45)} ${(gzip / 1024).toFixed(1).padStart(7)} KB gzip${compiler ? '  (Ajv compiler: gallery only)' : ''}`);
    table.rows.push([chunk.fileName, (gzip / 1024).toFixed(1), compiler ? 'yes (gallery only)' : 'no']);
  }
  table.rows.push(['forms chunks total', (total / 1024).toFixed(1), `of ${(all / 1024).toFixed(1)} KB for the whole portal`]);
  tables.push(table);
  console.log(`${'forms chunks total'.padEnd(45)} ${(total / 1024).toFixed(1).padStart(7)} KB gzip of ${(all / 1024).toFixed(1)} KB for the whole portal`);
}

const gen = join(rootDir, 'src/generated');
const entries: [string, string][] = [
  [
    'generated validators, all forms',
    `import { formSchemas, precompiledValidators } from '${gen}/validators/index.ts';\nconsole.log(formSchemas, precompiledValidators);`,
  ],
  ['generated profile form only', `import * as profile from '${gen}/forms/profile.ts';\nconsole.log(profile);`],
  [
    'RJSF precompiled validator + all generated forms',
    `import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';\nimport { formSchemas, precompiledValidators } from '${gen}/validators/index.ts';\nconsole.log(createPrecompiledValidator(precompiledValidators.profile, formSchemas.profile as never));`,
  ],
];
const engine = join(rootDir, 'src/portal/forms/schema-form.tsx');
if (existsSync(engine)) {
  entries.push([
    'form engine (src/portal/forms) + generated validators',
    `import { SchemaForm } from '${engine.replace(/\.tsx$/, '')}';\nimport { precompiledValidators } from '${gen}/validators/index.ts';\nconsole.log(SchemaForm, precompiledValidators);`,
  ]);
}
const tables: BenchTable[] = [
  {
    caption: `Validation per call, µs (precompiled = build output; rt = Ajv2020 compiled at run time, same options), median of 7 alternating rounds after warm-up; load average ${load.map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} cores`,
    columns: header,
    rows,
  },
];
const sizes: BenchTable = {
  caption: 'Gzip size of forms code (Vite production build; react, react-dom, i18next external)',
  columns: ['Entry', 'KB gzip', 'KB raw', 'Ajv compiler'],
  rows: [],
};
console.log('\nGzip size of forms code (Vite production build; react, react-dom, i18next external)\n');
for (const [label, source] of entries) {
  try {
    const { raw, gzip, compiler } = await gzipOf(label.replace(/[^a-z]+/gi, '-'), source);
    console.log(
      `${label.padEnd(55)} ${(gzip / 1024).toFixed(1).padStart(7)} KB gzip  (${(raw / 1024).toFixed(0)} KB raw)${compiler ? '  AJV COMPILER PRESENT' : ''}`,
    );
    sizes.rows.push([label, (gzip / 1024).toFixed(1), (raw / 1024).toFixed(0), compiler ? 'PRESENT' : 'no']);
  } catch (error) {
    console.log(`${label.padEnd(55)} build failed: ${(error as Error).message.split('\n')[0]}`);
    sizes.rows.push([label, 'build failed', '', '']);
  }
}
tables.push(sizes);

try {
  await portalFormChunks();
} catch (error) {
  console.log(`\nPortal build not available (${(error as Error).message.split('\n')[0]}); the entries above stand in for it.`);
}

// docs/performance.md, "Validation": Ajv on a profile document 6–10 µs valid, 60–120 µs invalid
// (about six errors); precompiled should cost no more than the runtime-compiled validator.
const profileRow = rows.find((r) => r[0] === 'profile');
const marks: BenchMark[] = [];
if (profileRow) {
  const [validPre, validRt, invalidPre, invalidRt] = profileRow.slice(1, 5).map(Number) as [number, number, number, number];
  marks.push(
    { name: 'Profile form, valid document, precompiled validator', value: `${validPre.toFixed(1)} µs`, mark: '≤ 10 µs', met: validPre <= 10 },
    {
      name: 'Profile form, invalid document (about six errors), precompiled validator',
      value: `${invalidPre.toFixed(1)} µs (${profileRow[5]} errors)`,
      mark: '≤ 120 µs',
      met: invalidPre <= 120,
    },
    {
      name: 'Profile form, precompiled against runtime-compiled Ajv (valid and invalid)',
      value: `${(validPre / validRt).toFixed(2)}× and ${(invalidPre / invalidRt).toFixed(2)}×`,
      mark: '≤ 1.25× (the same, within noise)',
      met: validPre / validRt <= 1.25 && invalidPre / invalidRt <= 1.25,
    },
  );
}
console.log('\nMarks');
for (const m of marks) console.log(`  ${m.met ? 'met    ' : 'NOT MET'}  ${m.name}: ${m.value} (mark ${m.mark})`);
const report: BenchReport = { title: 'Form validation and form code size', measuredAt, command: 'npm run bench:forms', tables, marks };
const written = writeBenchJson(report);
if (written) console.log(`\nBENCH_JSON written to ${written}`);
