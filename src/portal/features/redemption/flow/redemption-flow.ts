/*
 * The redemption flow (docs/behaviour.md#states-and-transitions: main flow, generic redeem card flow, upgrade modal, legacy
 * link) as one explicit state machine. `reduce` is pure: a state and an event give the next state.
 * A state with `work` names the one call to make next; `perform` makes it through the `RedemptionApi`
 * and turns the answer (or the failure) into an event; `drive` runs the two until the flow waits for
 * the learner again. The README beside this folder draws the whole graph.
 */
import { RedemptionStatus, redemptionStatusName, type RedeemedProduct, type RedemptionResult, type RedemptionStatusName } from '../../../../shared/redemption';
import { type ApiError, isApiError } from '../../../clients/errors';
import { serverFieldErrors, toFieldPath } from '../../../forms/errors/server-errors';
import type { TextKey } from '../../../ui/texts/text-key';

/** The modal the learner sees. */
export type View = 'key' | 'upgrade' | 'legacyLogin' | 'demographics' | 'companyCountry' | 'coursePicker' | 'success' | 'noActivation' | 'error' | 'closed';

export interface CmpProduct {
  certMasterPracticeProductId: number;
  certMasterPracticeProductName: string;
}

/** What the learner typed into the demographics or company-and-country form, in the form's shape. */
export type FormValues = Record<string, unknown>;

/** The call a state waits on. */
export type Work =
  | { call: 'isValid' }
  | { call: 'legacyAccountExists' }
  | { call: 'linkLegacyAccount'; login: string; phash: string }
  | { call: 'createPlatformAccount' }
  | { call: 'redeemOnPlatform' }
  | { call: 'vendorOf' }
  | { call: 'savePopuliProfile'; values: FormValues }
  | { call: 'redeemWithVendor' }
  | { call: 'cmpProducts' }
  | { call: 'saveCompanyAndCountry'; values: FormValues }
  | { call: 'redeemCmp'; productId: number };

/** How the key is being redeemed; it decides which success modal ends the flow. */
export type Route = 'platform' | 'linked' | 'upgraded' | 'vendor' | 'cmp';

/** Facts about the learner's profile the flow branches on. */
export interface LearnerFacts {
  /** Linked to the CertMaster platform (externalIds.certMaster); undefined when no profile was read. */
  linked: boolean | undefined;
  hasCompanyAndCountry: boolean;
  /** Primary-address country (3-letter code), for the Populi waitlist note. */
  country: string | undefined;
}

export interface Outcome {
  status: RedemptionStatusName;
  products: RedeemedProduct[];
  product?: RedeemedProduct;
  vendor?: string;
}

export interface FlowState {
  view: View;
  /** The call in flight; the view stays on screen, busy, until its answer arrives. */
  work?: Work;
  route: Route;
  facts: LearnerFacts;
  accessKey: string;
  /** Message key shown at the access-key field. */
  keyError?: string;
  /** Message key shown at the legacy login field. */
  loginError?: string;
  /** Message keys by field path, from a 400 answer to a form this flow saved. */
  fieldErrors?: Record<string, string>;
  legacyAccountFound?: boolean;
  cmpChoices?: CmpProduct[];
  outcome?: Outcome;
  /** Counts failed calls that show the generic toast (the view shows one per change). */
  failures: number;
  /** The last such failure, for the toast to tell a passing fault from the unexpected. */
  failure?: unknown;
  /** Counts refused calls whose answer shows at the form's fields: no toast, the form keeps its input. */
  refusals: number;
}

export type FlowEvent =
  | { type: 'submitKey'; accessKey: string; facts?: LearnerFacts }
  | { type: 'connectAccount' }
  | { type: 'noUnlinkedAccount' }
  | { type: 'login'; login: string; phash: string }
  | { type: 'submitDemographics'; values: FormValues }
  | { type: 'submitCompanyAndCountry'; values: FormValues }
  | { type: 'pickCourse'; productId: number }
  | { type: 'tryAnotherKey' }
  | { type: 'close' }
  | { type: 'validated'; isValid: boolean }
  | { type: 'legacyAccountChecked'; doesExist: boolean }
  | { type: 'linkAnswered'; status: string }
  | { type: 'platformAccountReady' }
  | { type: 'redeemed'; result: RedemptionResult }
  | { type: 'vendorFound'; vendor: string | null }
  | { type: 'cmpProductsFound'; products: CmpProduct[] | null }
  | { type: 'saved' }
  | { type: 'failed'; error: unknown };

export const POPULI = 'populi';

/** Message keys of the flow's own field texts (the result codes are `redemption:Result.<name>`). */
export const MESSAGES = {
  limitReached: 'redemption:Errors.LimitReached',
  tooManyAttempts: 'redemption:Errors.TooManyAttempts',
} as const satisfies Record<string, TextKey>;

export const resultMessageKey = (status: RedemptionStatusName): `redemption:Result.${RedemptionStatusName}` => `redemption:Result.${status}`;
const LINK_RESULTS = ['AlreadyLinked', 'NotFound', 'LoginFailed'] as const;
const isLinkResult = (status: string): status is (typeof LINK_RESULTS)[number] => (LINK_RESULTS as readonly string[]).includes(status);
export const linkMessageKey = (status: string): `redemption:Link.${(typeof LINK_RESULTS)[number]}` =>
  `redemption:Link.${isLinkResult(status) ? status : 'LoginFailed'}`;

export function initialState(facts: LearnerFacts, accessKey = ''): FlowState {
  return { view: 'key', route: 'platform', facts, accessKey, failures: 0, refusals: 0 };
}

const at = (state: FlowState, view: View, changes: Partial<FlowState> = {}): FlowState => ({ ...state, work: undefined, view, ...changes });
const working = (state: FlowState, work: Work, changes: Partial<FlowState> = {}): FlowState => ({ ...state, work, ...changes });

/** After the CertMaster Practice products are known and the profile has company and country. */
function continueWithCmp(state: FlowState, choices: CmpProduct[]): FlowState {
  if (choices.length === 1) return working(state, { call: 'redeemCmp', productId: choices[0]!.certMasterPracticeProductId }, { cmpChoices: choices });
  return at(state, 'coursePicker', { cmpChoices: choices });
}

function redeemed(state: FlowState, result: RedemptionResult): FlowState {
  const status = redemptionStatusName(result.redemptionStatus);
  // Generic card flow: the platform refused a key of another vendor, so look the vendor up.
  if (state.work?.call === 'redeemOnPlatform' && result.redemptionStatus === RedemptionStatus.InvalidKey) {
    return working(state, { call: 'vendorOf' }, { route: 'vendor' });
  }
  const outcome: Outcome = { status, products: result.activatedProducts ?? [], product: result.product, vendor: result.vendor };
  if (status === 'Success') return at(state, 'success', { outcome });
  if (status === 'HasProductAlready') return at(state, 'noActivation', { outcome });
  return at(state, 'error', { outcome });
}

/**
 * A failed call: field texts where the answer names a field (an answer the view understands: no
 * toast), else the generic toast; the view stays as it was.
 */
function failed(state: FlowState, error: unknown): FlowState {
  const apiError = isApiError(error) ? (error as ApiError) : undefined;
  const view = state.view;
  if (apiError?.statusCode === 429 && view === 'key') return at(state, view, { keyError: MESSAGES.tooManyAttempts });
  if (apiError?.statusCode === 429 && view === 'legacyLogin') return at(state, view, { loginError: MESSAGES.tooManyAttempts });
  const fieldErrors = fieldErrorsOf(error);
  if (fieldErrors && view === 'key' && fieldErrors.accessKey) return at(state, view, { keyError: fieldErrors.accessKey });
  if (fieldErrors && view === 'legacyLogin' && fieldErrors.login) return at(state, view, { loginError: fieldErrors.login });
  if (fieldErrors && (view === 'demographics' || view === 'companyCountry')) {
    return at(state, view, { fieldErrors, refusals: state.refusals + 1 });
  }
  return at(state, view, { failures: state.failures + 1, failure: error });
}

/** The field errors of a 400 answer (the forms layer's reading), by dotted field path. */
function fieldErrorsOf(error: unknown): Record<string, string> | undefined {
  const errors = serverFieldErrors(error);
  if (!errors) return undefined;
  return Object.fromEntries(Object.entries(errors).map(([path, key]) => [toFieldPath(path).join('.'), key]));
}

export function reduce(state: FlowState, event: FlowEvent): FlowState {
  switch (event.type) {
    case 'submitKey':
      return working(
        state,
        { call: 'isValid' },
        {
          view: 'key',
          accessKey: event.accessKey.trim(),
          facts: event.facts ?? state.facts,
          route: 'platform',
          keyError: undefined,
          outcome: undefined,
          cmpChoices: undefined,
          fieldErrors: undefined,
        },
      );
    case 'validated':
      // Not a platform or vendor key: it may still be a CertMaster Practice key.
      if (!event.isValid) return working(state, { call: 'cmpProducts' }, { route: 'cmp' });
      if (state.facts.linked === false) return working(state, { call: 'legacyAccountExists' });
      return working(state, { call: 'redeemOnPlatform' }, { route: 'platform' });
    case 'legacyAccountChecked':
      return at(state, 'upgrade', { legacyAccountFound: event.doesExist });
    case 'connectAccount':
      return at(state, 'legacyLogin', { loginError: undefined });
    case 'noUnlinkedAccount':
      return working(state, { call: 'createPlatformAccount' }, { route: 'upgraded' });
    case 'platformAccountReady':
      return working(state, { call: 'redeemOnPlatform' }, { facts: { ...state.facts, linked: true } });
    case 'login':
      return working(state, { call: 'linkLegacyAccount', login: event.login, phash: event.phash }, { loginError: undefined });
    case 'linkAnswered':
      if (event.status === 'Success') {
        return working(state, { call: 'redeemOnPlatform' }, { route: 'linked', facts: { ...state.facts, linked: true } });
      }
      return at(state, 'legacyLogin', { loginError: linkMessageKey(event.status) });
    case 'redeemed':
      return redeemed(state, event.result);
    case 'vendorFound':
      if (event.vendor === null) return working(state, { call: 'cmpProducts' }, { route: 'cmp' });
      if (event.vendor === POPULI) return at(state, 'demographics', { route: 'vendor', fieldErrors: undefined });
      return working(state, { call: 'redeemWithVendor' }, { route: 'vendor' });
    case 'submitDemographics':
      return working(state, { call: 'savePopuliProfile', values: event.values }, { fieldErrors: undefined });
    case 'cmpProductsFound':
      if (event.products === null) return at(state, 'key', { keyError: resultMessageKey('InvalidKey') });
      if (event.products.length === 0) return at(state, 'key', { keyError: MESSAGES.limitReached });
      if (!state.facts.hasCompanyAndCountry) return at(state, 'companyCountry', { cmpChoices: event.products, fieldErrors: undefined });
      return continueWithCmp(state, event.products);
    case 'submitCompanyAndCountry':
      return working(state, { call: 'saveCompanyAndCountry', values: event.values }, { fieldErrors: undefined });
    case 'saved':
      if (state.work?.call === 'savePopuliProfile') {
        const country = readCountry(state.work.values) ?? state.facts.country;
        return working(state, { call: 'redeemWithVendor' }, { facts: { ...state.facts, country } });
      }
      if (state.work?.call === 'saveCompanyAndCountry') {
        const country = readCountry(state.work.values) ?? state.facts.country;
        return continueWithCmp({ ...state, facts: { ...state.facts, hasCompanyAndCountry: true, country } }, state.cmpChoices ?? []);
      }
      return at(state, state.view);
    case 'pickCourse':
      return working(state, { call: 'redeemCmp', productId: event.productId });
    case 'tryAnotherKey':
      return at(state, 'key', { keyError: undefined, outcome: undefined, route: 'platform' });
    case 'close':
      return at(state, 'closed');
    case 'failed':
      return failed(state, event.error);
  }
}

function readCountry(values: FormValues): string | undefined {
  const direct = values.country;
  if (typeof direct === 'string' && direct) return direct;
  const address = values.primaryAddress as Record<string, unknown> | undefined;
  return typeof address?.country === 'string' && address.country ? address.country : undefined;
}

/** The calls the flow makes; the feature's endpoint files implement it, unit tests pass doubles. */
export interface RedemptionApi {
  isValid(accessKey: string): Promise<boolean>;
  legacyAccountExists(): Promise<boolean>;
  linkLegacyAccount(login: string, phash: string): Promise<string>;
  createPlatformAccount(): Promise<void>;
  redeemOnPlatform(accessKey: string): Promise<RedemptionResult>;
  redeem(accessKey: string): Promise<RedemptionResult>;
  /** The key's vendor, or null when the service answers 404 (no vendor). */
  vendorOf(accessKey: string): Promise<string | null>;
  /** The products a CertMaster Practice key still grants, or null when the service answers 404. */
  cmpProducts(accessKey: string): Promise<CmpProduct[] | null>;
  redeemCmp(accessKey: string, productId: number): Promise<RedemptionResult>;
  savePopuliProfile(values: FormValues): Promise<void>;
  saveCompanyAndCountry(values: FormValues): Promise<void>;
}

/** Makes the state's call and answers with the event it leads to; a failure is an event too. */
export async function perform(state: FlowState, api: RedemptionApi): Promise<FlowEvent> {
  const work = state.work;
  if (!work) throw new Error('perform() needs a state with work');
  const key = state.accessKey;
  try {
    switch (work.call) {
      case 'isValid':
        return { type: 'validated', isValid: await api.isValid(key) };
      case 'legacyAccountExists':
        return { type: 'legacyAccountChecked', doesExist: await api.legacyAccountExists() };
      case 'linkLegacyAccount':
        return { type: 'linkAnswered', status: await api.linkLegacyAccount(work.login, work.phash) };
      case 'createPlatformAccount':
        await api.createPlatformAccount();
        return { type: 'platformAccountReady' };
      case 'redeemOnPlatform':
        return { type: 'redeemed', result: await api.redeemOnPlatform(key) };
      case 'vendorOf':
        return { type: 'vendorFound', vendor: await api.vendorOf(key) };
      case 'savePopuliProfile':
        await api.savePopuliProfile(work.values);
        return { type: 'saved' };
      case 'redeemWithVendor':
        return { type: 'redeemed', result: await api.redeem(key) };
      case 'cmpProducts':
        return { type: 'cmpProductsFound', products: await api.cmpProducts(key) };
      case 'saveCompanyAndCountry':
        await api.saveCompanyAndCountry(work.values);
        return { type: 'saved' };
      case 'redeemCmp':
        return { type: 'redeemed', result: await api.redeemCmp(key, work.productId) };
    }
  } catch (error) {
    return { type: 'failed', error };
  }
}

/** Applies an event, then makes each call the flow asks for, yielding every state on the way. */
export async function* drive(state: FlowState, event: FlowEvent, api: RedemptionApi): AsyncGenerator<FlowState> {
  let current = reduce(state, event);
  yield current;
  while (current.work) {
    current = reduce(current, await perform(current, api));
    yield current;
  }
}

/** The Populi notes of the success modal (docs/behaviour.md#constants). */
export function populiNotes(outcome: Outcome | undefined, facts: LearnerFacts): { sync: boolean; waitlist: boolean } {
  if (outcome?.vendor !== POPULI) return { sync: false, waitlist: false };
  const titles = [outcome.product, ...outcome.products].map((p) => p?.title ?? '');
  return { sync: true, waitlist: facts.country === 'USA' && titles.some((title) => title.includes('LOT')) };
}
