import fc from 'fast-check';
import { validDocuments } from './fixtures';
import { edgeDocuments } from './edge-documents';
import { type Doc, type FormName, formSchemas, rawLines, run, stockValid, withValue } from './harness';

// The browser, the services and a stock Ajv over the schema files agree on every document near the
// rules' edges: the same verdict, the same message keys at the same paths, and (below the keys) the
// same Ajv errors from the precompiled code as from the schema files. The documents come from each
// form's own schema (edge-documents.ts): lengths at each bound and one past it, Latin-1 edge
// characters, strings matching each pattern and one edit away from it, list values and near
// misses, conditions switched, cross-field values made equal and nearly equal, wrong types and
// missing fields. Counterexamples fast-check found (and shrank) are table cases in cases.ts.

/**
 * Documents per form and run, in slices of their own seed: every run checks the same documents.
 * AGREEMENT_RUNS and AGREEMENT_SEED try more or other documents (AGREEMENT_RUNS=200000 takes some
 * minutes); a failure prints the seed and path that replay it.
 */
const RUNS_PER_FORM = Number(process.env.AGREEMENT_RUNS ?? 10_000);
const SLICES = 4;
const SEED = Number(process.env.AGREEMENT_SEED ?? 20_250_125);

const change = (doc: Doc, ...changes: [string, unknown][]): Doc => changes.reduce((d, [p, v]) => withValue(d, p, v), doc);

/** Valid starting points beside each form's valid document: the other side of its conditions. */
const starts: Record<FormName, Doc[]> = {
  profile: [
    validDocuments.profile,
    change(validDocuments.profile, ['/allowConsentToSendSmsTextMessages', false], ['/mobilePhoneNumber', undefined], ['/secondaryPhoneNumber', undefined]),
    change(validDocuments.profile, ['/primaryAddress/country', 'CAN'], ['/primaryAddress/state', 'ON'], ['/primaryAddress/postalCode', 'K1A 0B1']),
    change(
      validDocuments.profile,
      ['/primaryAddress/country', 'FRA'],
      ['/primaryAddress/state', undefined],
      ['/primaryAddress/postalCode', undefined],
      ['/alternateEmail', ''],
    ),
    change(
      validDocuments.profile,
      ['/primaryPhoneNumber/countryCode', '+971'],
      ['/primaryPhoneNumber/phone', '0501234567'],
      ['/preferredName', undefined],
      ['/company', undefined],
    ),
  ],
  exam: [
    validDocuments.exam,
    change(
      validDocuments.exam,
      ['/isMinor', true],
      ['/isUsCitizenOlderThanEighteenYears', undefined],
      ['/allowConsentToGatherBirthInformation', undefined],
      ['/birthMonth', undefined],
      ['/birthYear', undefined],
    ),
    change(validDocuments.exam, ['/allowConsentToGatherBirthInformation', false], ['/birthMonth', undefined], ['/birthYear', undefined]),
    change(
      validDocuments.exam,
      ['/isUsCitizenOlderThanEighteenYears', false],
      ['/allowConsentToGatherBirthInformation', undefined],
      ['/birthMonth', undefined],
      ['/birthYear', undefined],
    ),
  ],
  demographics: [
    validDocuments.demographics,
    change(validDocuments.demographics, ['/birthDay', '29'], ['/birthMonth', '02'], ['/birthYear', '2000']),
    change(
      validDocuments.demographics,
      ['/birthDay', '30'],
      ['/birthMonth', '04'],
      ['/primaryAddress', { address1: '1 Main St', city: 'Austin', state: 'TX', country: 'USA', postalCode: '73301-0001' }],
    ),
    change(
      validDocuments.demographics,
      ['/allowConsentToSendSmsTextMessages', true],
      ['/mobilePhoneNumber/countryCode', '44'],
      ['/mobilePhoneNumber/phone', '7700 900123'],
    ),
  ],
  'company-country': [validDocuments['company-country'], { country: 'USA' }],
  email: [
    validDocuments.email,
    change(validDocuments.email, ['/verificationCodeSent', true], ['/verificationCode', '123456']),
    change(validDocuments.email, ['/alternateEmail', ''], ['/verificationCodeSent', false]),
  ],
  password: [validDocuments.password, { currentPassword: 'x', newPassword: 'a'.repeat(12) + 'B1', confirmPassword: 'a'.repeat(12) + 'B1' }],
  redeem: [validDocuments.redeem],
  'course-picker': [validDocuments['course-picker'], { productId: 0 }],
  address: [validDocuments.address, change(validDocuments.address, ['/address/country', 'CAN'], ['/address/state', 'QC'], ['/address/postalCode', 'H2X1Y4'])],
};

interface Tally {
  documents: number;
  valid: number;
  /** How many invalid documents raised each key. */
  keys: Map<string, number>;
  paths: Set<string>;
}

const tallies = new Map<FormName, Tally>();

function check(form: FormName, doc: Doc, tally: Tally): void {
  const o = run(form, doc);
  const verdicts = [o.valid.stock, o.valid.precompiled, o.valid.services];
  if (new Set(verdicts).size !== 1) throw new Error(`verdicts differ: stock ${o.valid.stock}, browser ${o.valid.precompiled}, services ${o.valid.services}`);
  expect(o.precompiled, 'browser vs stock Ajv').toEqual(o.stock);
  expect(o.services, 'services vs stock Ajv').toEqual(o.stock);
  expect(rawLines(o.rawPrecompiled), 'Ajv errors of the precompiled code vs the schema files').toEqual(rawLines(o.rawStock));
  // A failing document always tells the learner where (no verdict without a field to show it at).
  if (!o.valid.stock) expect(o.stock.length).toBeGreaterThan(0);
  for (const error of o.stock) expect(error.key).toMatch(/^Validation\.[A-Za-z]+$/);
  tally.documents++;
  if (o.valid.stock) tally.valid++;
  for (const error of o.stock) {
    tally.keys.set(error.key, (tally.keys.get(error.key) ?? 0) + 1);
    tally.paths.add(error.path);
  }
}

describe.each(Object.keys(starts) as FormName[])('%s', (form) => {
  beforeAll(() => {
    for (const doc of starts[form]) expect(stockValid(form, structuredClone(doc)), JSON.stringify(doc)).toBe(true);
    tallies.set(form, { documents: 0, valid: 0, keys: new Map(), paths: new Set() });
  });

  it.each(Array.from({ length: SLICES }, (_, i) => i))(
    `agree on ${Math.ceil(RUNS_PER_FORM / SLICES)} documents near the edges (slice %i)`,
    (slice) => {
      const tally = tallies.get(form)!;
      const documents = edgeDocuments(starts[form], formSchemas[form], (doc) => stockValid(form, doc));
      fc.assert(
        fc.property(documents, ({ doc }) => check(form, doc, tally)),
        { numRuns: Math.ceil(RUNS_PER_FORM / SLICES), seed: SEED + slice * 7919 + form.length },
      );
    },
    Math.max(120_000, (RUNS_PER_FORM / SLICES) * 10),
  );

  afterAll(() => {
    const t = tallies.get(form)!;
    const keys = [...t.keys.entries()].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k.replace('Validation.', '')} ${n}`);
    console.info(
      `${form}: ${t.documents} documents, ${t.valid} valid, ${t.documents - t.valid} invalid; ${t.paths.size} paths with errors; keys: ${keys.join(', ')}`,
    );
    // Both sides of the rules are reached: valid documents and invalid ones, at many fields.
    expect(t.valid).toBeGreaterThan(t.documents / 10);
    expect(t.documents - t.valid).toBeGreaterThan(t.documents / 10);
  });
});
