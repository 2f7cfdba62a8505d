import { describe, expect, it, vi } from 'vitest';
import {
  drive,
  type FlowEvent,
  type FlowState,
  initialState,
  type LearnerFacts,
  populiNotes,
  reduce,
  type RedemptionApi,
} from '../../../src/portal/features/redemption/flow/redemption-flow';
import { RedemptionStatus, redemptionStatusNames, type RedemptionResult } from '../../../src/shared/redemption';

const linked: LearnerFacts = { linked: true, hasCompanyAndCountry: true, country: 'USA' };
const unlinked: LearnerFacts = { ...linked, linked: false };

const result = (redemptionStatus: number, extra: Partial<RedemptionResult> = {}): RedemptionResult =>
  ({ redemptionStatus, activatedProducts: [], ...extra }) as RedemptionResult;
const apiError = (statusCode: number, extra: Record<string, unknown> = {}) => ({ statusCode, message: `HTTP ${statusCode}`, ...extra });

/** An API double: every call fails unless the test answers it. */
function api(answers: Partial<RedemptionApi>): RedemptionApi & { calls: string[] } {
  const calls: string[] = [];
  const names = [
    'isValid',
    'legacyAccountExists',
    'linkLegacyAccount',
    'createPlatformAccount',
    'redeemOnPlatform',
    'redeem',
    'vendorOf',
    'cmpProducts',
    'redeemCmp',
    'savePopuliProfile',
    'saveCompanyAndCountry',
  ] as const;
  const double = { calls } as RedemptionApi & { calls: string[] };
  for (const name of names) {
    (double as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      calls.push(name);
      const answer = answers[name] as ((...a: unknown[]) => unknown) | undefined;
      if (!answer) throw new Error(`unexpected call ${name}`);
      return answer(...args);
    };
  }
  return double;
}

/** Runs one event to the next state that waits for the learner. */
async function run(state: FlowState, event: FlowEvent, calls: RedemptionApi): Promise<FlowState> {
  let last = state;
  for await (const next of drive(state, event, calls)) last = next;
  return last;
}

const submit = (facts: LearnerFacts, calls: RedemptionApi, accessKey = 'KEY-1') => run(initialState(facts), { type: 'submitKey', accessKey }, calls);

describe('main redemption flow', () => {
  it('validates the key, redeems on the platform and ends in the success modal', async () => {
    const calls = api({
      isValid: async () => true,
      redeemOnPlatform: async () => result(0, { activatedProducts: [{ title: 'Course', vendorProductCode: 'C' }], vendor: 'certMaster' }),
    });
    const end = await submit(linked, calls, '  KEY-1  ');
    expect(calls.calls).toEqual(['isValid', 'redeemOnPlatform']);
    expect(end).toMatchObject({ view: 'success', route: 'platform', accessKey: 'KEY-1', outcome: { status: 'Success', products: [{ title: 'Course' }] } });
    expect(end.work).toBeUndefined();
  });

  it('keeps the key view busy while a call is in flight', async () => {
    const states: FlowState[] = [];
    const calls = api({ isValid: async () => true, redeemOnPlatform: async () => result(0) });
    for await (const s of drive(initialState(linked), { type: 'submitKey', accessKey: 'K' }, calls)) states.push(s);
    expect(states.map((s) => [s.view, s.work?.call])).toEqual([
      ['key', 'isValid'],
      ['key', 'redeemOnPlatform'],
      ['success', undefined],
    ]);
  });

  it('lists the activated products in the no-activation modal for HasProductAlready', async () => {
    const products = [{ title: 'Networking', vendorProductCode: 'N' }];
    const end = await submit(linked, api({ isValid: async () => true, redeemOnPlatform: async () => result(4, { activatedProducts: products }) }));
    expect(end).toMatchObject({ view: 'noActivation', outcome: { status: 'HasProductAlready', products } });
  });

  const errorCodes = redemptionStatusNames.filter((name) => !['Success', 'HasProductAlready', 'InvalidKey'].includes(name));
  it.each(errorCodes)('shows %s in the Redemption Error modal', async (name) => {
    const end = await submit(linked, api({ isValid: async () => true, redeemOnPlatform: async () => result(RedemptionStatus[name]) }));
    expect(end.view).toBe('error');
    expect(end.outcome?.status).toBe(name);
  });

  it('reads an unknown code as UnknownError', async () => {
    const end = await submit(linked, api({ isValid: async () => true, redeemOnPlatform: async () => result(99) }));
    expect(end.outcome?.status).toBe('UnknownError');
  });

  it('tries a CertMaster Practice key when is-valid says no, and shows InvalidKey at the field when it is none', async () => {
    const calls = api({ isValid: async () => false, cmpProducts: async () => null });
    const end = await submit(linked, calls);
    expect(calls.calls).toEqual(['isValid', 'cmpProducts']);
    expect(end).toMatchObject({ view: 'key', keyError: 'redemption:Result.InvalidKey' });
  });

  it('starts a new submission clean: no old field message or outcome', () => {
    const before = { ...initialState(linked), keyError: 'x', outcome: { status: 'UnknownError' as const, products: [] } };
    const next = reduce(before, { type: 'submitKey', accessKey: 'K2' });
    expect(next).toMatchObject({ view: 'key', work: { call: 'isValid' }, keyError: undefined, outcome: undefined });
  });

  it('goes back to the key view with the key kept from the error modal', async () => {
    const end = await submit(linked, api({ isValid: async () => true, redeemOnPlatform: async () => result(7) }), 'RSV-EXPIRED');
    const back = reduce(end, { type: 'tryAnotherKey' });
    expect(back).toMatchObject({ view: 'key', accessKey: 'RSV-EXPIRED', outcome: undefined });
  });

  it('closes from any modal', () => {
    expect(reduce(initialState(linked), { type: 'close' }).view).toBe('closed');
  });
});

describe('unlinked profile: legacy lookup, upgrade modal and legacy login', () => {
  it('looks up a legacy account by email and shows the upgrade modal', async () => {
    const calls = api({ isValid: async () => true, legacyAccountExists: async () => true });
    const end = await submit(unlinked, calls);
    expect(calls.calls).toEqual(['isValid', 'legacyAccountExists']);
    expect(end).toMatchObject({ view: 'upgrade', legacyAccountFound: true });
  });

  it('connect: the legacy login links, then redeems again and ends in the linked-successfully modal', async () => {
    const link = vi.fn(async () => 'Success');
    const calls = api({ isValid: async () => true, legacyAccountExists: async () => true, linkLegacyAccount: link, redeemOnPlatform: async () => result(0) });
    let state = await submit(unlinked, calls);
    state = await run(state, { type: 'connectAccount' }, calls);
    expect(state.view).toBe('legacyLogin');
    state = await run(state, { type: 'login', login: 'legacy.learner', phash: 'a'.repeat(64) }, calls);
    expect(link).toHaveBeenCalledWith('legacy.learner', 'a'.repeat(64));
    expect(calls.calls.slice(-2)).toEqual(['linkLegacyAccount', 'redeemOnPlatform']);
    expect(state).toMatchObject({ view: 'success', route: 'linked', facts: { linked: true } });
  });

  it.each([
    ['AlreadyLinked', 'redemption:Link.AlreadyLinked'],
    ['NotFound', 'redemption:Link.NotFound'],
    ['LoginFailed', 'redemption:Link.LoginFailed'],
    ['SomethingNew', 'redemption:Link.LoginFailed'],
  ])('a link answer of %s stays on the login modal with its message at the login field', async (status, key) => {
    const calls = api({ linkLegacyAccount: async () => status });
    const state = await run({ ...initialState(unlinked), view: 'legacyLogin' }, { type: 'login', login: 'x', phash: 'b'.repeat(64) }, calls);
    expect(state).toMatchObject({ view: 'legacyLogin', loginError: key });
    expect(calls.calls).toEqual(['linkLegacyAccount']);
  });

  it("I Don't Have an Unlinked Account: creates the platform account, redeems, and ends in the upgrade-success modal", async () => {
    const calls = api({
      isValid: async () => true,
      legacyAccountExists: async () => false,
      createPlatformAccount: async () => undefined,
      redeemOnPlatform: async () => result(0),
    });
    let state = await submit(unlinked, calls);
    expect(state).toMatchObject({ view: 'upgrade', legacyAccountFound: false });
    state = await run(state, { type: 'noUnlinkedAccount' }, calls);
    expect(calls.calls.slice(-2)).toEqual(['createPlatformAccount', 'redeemOnPlatform']);
    expect(state).toMatchObject({ view: 'success', route: 'upgraded' });
  });

  it('after an upgrade, a result other than Success still reaches its modal', async () => {
    const calls = api({
      createPlatformAccount: async () => undefined,
      redeemOnPlatform: async () => result(4, { activatedProducts: [{ title: 'T', vendorProductCode: 'V' }] }),
    });
    const state = await run({ ...initialState(unlinked), view: 'upgrade' }, { type: 'noUnlinkedAccount' }, calls);
    expect(state.view).toBe('noActivation');
  });

  it('without a profile the services decide: no legacy lookup, the platform answers UserProfileNotFound', async () => {
    const calls = api({ isValid: async () => true, redeemOnPlatform: async () => result(3) });
    const end = await submit({ linked: undefined, hasCompanyAndCountry: true, country: undefined }, calls);
    expect(calls.calls).toEqual(['isValid', 'redeemOnPlatform']);
    expect(end).toMatchObject({ view: 'error', outcome: { status: 'UserProfileNotFound' } });
  });
});

describe('generic redeem card flow', () => {
  it('a key of another vendor: the platform refuses it, the vendor is looked up and the key redeemed with it', async () => {
    const product = { title: 'Exam Prep', vendorProductCode: 'BP' };
    const calls = api({
      isValid: async () => true,
      redeemOnPlatform: async () => result(1),
      vendorOf: async () => 'benchPrep',
      redeem: async () => result(0, { activatedProducts: [product], product, vendor: 'benchPrep' }),
    });
    const end = await submit(linked, calls);
    expect(calls.calls).toEqual(['isValid', 'redeemOnPlatform', 'vendorOf', 'redeem']);
    expect(end).toMatchObject({ view: 'success', route: 'vendor', outcome: { vendor: 'benchPrep', product } });
  });

  it('a vendor redemption other than Success reaches the error modal', async () => {
    const calls = api({ isValid: async () => true, redeemOnPlatform: async () => result(1), vendorOf: async () => 'canvas', redeem: async () => result(8) });
    expect((await submit(linked, calls)).outcome?.status).toBe('ReservationOverUsed');
  });

  it('Populi: the demographics modal, PATCH /populi, then redeem, with the sync note', async () => {
    const save = vi.fn(async () => undefined);
    const product = { title: 'Security Foundations Course', vendorProductCode: 'PO' };
    const calls = api({
      isValid: async () => true,
      redeemOnPlatform: async () => result(1),
      vendorOf: async () => 'populi',
      savePopuliProfile: save,
      redeem: async () => result(0, { product, activatedProducts: [product], vendor: 'populi' }),
    });
    let state = await submit(linked, calls);
    expect(state.view).toBe('demographics');
    const values = { birthDay: '12', primaryAddress: { country: 'CAN' } };
    state = await run(state, { type: 'submitDemographics', values }, calls);
    expect(save).toHaveBeenCalledWith(values);
    expect(calls.calls.slice(-2)).toEqual(['savePopuliProfile', 'redeem']);
    expect(state).toMatchObject({ view: 'success', facts: { country: 'CAN' } });
    expect(populiNotes(state.outcome, state.facts)).toEqual({ sync: true, waitlist: false });
  });

  it("Populi: a course whose title contains 'LOT' for a learner in the USA adds the waitlist note", () => {
    const outcome = { status: 'Success' as const, products: [{ title: 'Data Analysis LOT Course', vendorProductCode: 'P' }], vendor: 'populi' };
    expect(populiNotes(outcome, linked)).toEqual({ sync: true, waitlist: true });
    expect(populiNotes(outcome, { ...linked, country: 'CAN' })).toEqual({ sync: true, waitlist: false });
    expect(populiNotes({ ...outcome, vendor: 'canvas' }, linked)).toEqual({ sync: false, waitlist: false });
    expect(populiNotes({ ...outcome, products: [{ title: 'Lots of fun', vendorProductCode: 'P' }] }, linked).waitlist).toBe(false);
  });

  it('a 400 from PATCH /populi keeps the demographics modal with the errors at their fields, refused rather than failed (no toast)', async () => {
    const calls = api({ savePopuliProfile: async () => Promise.reject(apiError(400, { errors: [{ path: '/birthDay', key: 'Validation.InvalidBirthDay' }] })) });
    const state = await run({ ...initialState(linked), view: 'demographics', route: 'vendor' }, { type: 'submitDemographics', values: {} }, calls);
    expect(state).toMatchObject({ view: 'demographics', fieldErrors: { birthDay: 'Validation.InvalidBirthDay' }, failures: 0, refusals: 1 });
  });
});

describe('CertMaster Practice path (404 from the vendor lookup)', () => {
  const two = [
    { certMasterPracticeProductId: 5001, certMasterPracticeProductName: 'Security' },
    { certMasterPracticeProductId: 5002, certMasterPracticeProductName: 'Networking' },
  ];
  const viaVendor = (extra: Partial<RedemptionApi>) =>
    api({ isValid: async () => true, redeemOnPlatform: async () => result(1), vendorOf: async () => null, ...extra });

  it('more than one product: the course picker, then cmp/redeem with the chosen product', async () => {
    const redeemCmp = vi.fn(async () => result(0, { vendor: 'certMasterPractice' }));
    const calls = viaVendor({ cmpProducts: async () => two, redeemCmp });
    let state = await submit(linked, calls);
    expect(calls.calls).toEqual(['isValid', 'redeemOnPlatform', 'vendorOf', 'cmpProducts']);
    expect(state).toMatchObject({ view: 'coursePicker', cmpChoices: two });
    state = await run(state, { type: 'pickCourse', productId: 5002 }, calls);
    expect(redeemCmp).toHaveBeenCalledWith('KEY-1', 5002);
    expect(state.view).toBe('success');
  });

  it('exactly one product: redeemed directly', async () => {
    const redeemCmp = vi.fn(async () => result(0));
    const calls = viaVendor({ cmpProducts: async () => [two[0]!], redeemCmp });
    const end = await submit(linked, calls);
    expect(redeemCmp).toHaveBeenCalledWith('KEY-1', 5001);
    expect(end.view).toBe('success');
  });

  it('none left: the maximum-redemption-limit message at the key field', async () => {
    const end = await submit(linked, viaVendor({ cmpProducts: async () => [] }));
    expect(end).toMatchObject({ view: 'key', keyError: 'redemption:Errors.LimitReached' });
  });

  it('a profile without company or country: the company-and-country modal first, saved, then the picker', async () => {
    const save = vi.fn(async () => undefined);
    const calls = viaVendor({ cmpProducts: async () => two, saveCompanyAndCountry: save });
    let state = await submit({ ...linked, hasCompanyAndCountry: false }, calls);
    expect(state).toMatchObject({ view: 'companyCountry', cmpChoices: two });
    state = await run(state, { type: 'submitCompanyAndCountry', values: { company: 'Acme', country: 'JPN' } }, calls);
    expect(save).toHaveBeenCalledWith({ company: 'Acme', country: 'JPN' });
    expect(state).toMatchObject({ view: 'coursePicker', facts: { hasCompanyAndCountry: true, country: 'JPN' } });
  });

  it('a profile without company and a single product: company and country, then redeemed directly', async () => {
    const calls = viaVendor({ cmpProducts: async () => [two[0]!], saveCompanyAndCountry: async () => undefined, redeemCmp: async () => result(0) });
    let state = await submit({ ...linked, hasCompanyAndCountry: false }, calls);
    state = await run(state, { type: 'submitCompanyAndCountry', values: { company: 'Acme', country: 'USA' } }, calls);
    expect(calls.calls.slice(-2)).toEqual(['saveCompanyAndCountry', 'redeemCmp']);
    expect(state.view).toBe('success');
  });
});

describe('failed calls', () => {
  it('a failed call leaves the view as it was and counts a failure (the toast)', async () => {
    const end = await submit(linked, api({ isValid: async () => Promise.reject(apiError(500)) }));
    expect(end).toMatchObject({ view: 'key', work: undefined, failures: 1, keyError: undefined });
  });

  it('429 shows the too-many-attempts message at the key field, without the toast', async () => {
    const end = await submit(linked, api({ isValid: async () => Promise.reject(apiError(429)) }));
    expect(end).toMatchObject({ view: 'key', keyError: 'redemption:Errors.TooManyAttempts', failures: 0 });
  });

  it('a 400 naming the access key puts its message key on the key field', async () => {
    const end = await submit(
      linked,
      api({ isValid: async () => Promise.reject(apiError(400, { errors: [{ path: '/accessKey', key: 'Validation.MaxLength' }] })) }),
    );
    expect(end).toMatchObject({ view: 'key', keyError: 'Validation.MaxLength' });
  });

  it('a failed link stays on the login modal; 429 shows at the login field', async () => {
    const state = await run(
      { ...initialState(unlinked), view: 'legacyLogin' },
      { type: 'login', login: 'x', phash: 'c'.repeat(64) },
      api({ linkLegacyAccount: async () => Promise.reject(apiError(429)) }),
    );
    expect(state).toMatchObject({ view: 'legacyLogin', loginError: 'redemption:Errors.TooManyAttempts' });
  });

  it('a failed company-and-country save keeps the modal and its products', async () => {
    const start = { ...initialState({ ...linked, hasCompanyAndCountry: false }), view: 'companyCountry' as const, cmpChoices: [] };
    const state = await run(start, { type: 'submitCompanyAndCountry', values: {} }, api({ saveCompanyAndCountry: async () => Promise.reject(apiError(503)) }));
    expect(state).toMatchObject({ view: 'companyCountry', failures: 1, cmpChoices: [] });
  });
});
