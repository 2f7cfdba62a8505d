/*
 * Single sign-on launches (docs/behaviour.md#calls) as plain data: which vendor, with which options and which
 * freshly fetched token, becomes which navigation. No DOM and no calls here; `navigate.ts` performs
 * the result and `use-launch.ts` fetches the tokens at the moment of launch.
 */
import { VENDOR_NAMES, VENDORS, type Vendor } from '../../../shared/vendors';

/** Vendors the portal launches (src/shared/vendors.ts `launched`), by the names the services and entitlements use. */
export type LaunchVendor = { [V in Vendor]: (typeof VENDORS)[V] extends { launched: true } ? V : never }[Vendor];

export const LAUNCH_VENDORS = VENDOR_NAMES.filter((vendor): vendor is LaunchVendor => VENDORS[vendor].launched);

export const isLaunchVendor = (value: unknown): value is LaunchVendor => typeof value === 'string' && (LAUNCH_VENDORS as readonly string[]).includes(value);

/** CertMaster entry targets (docs/behaviour.md#entities). */
export type CertMasterTarget = 'Course' | 'MyCourses' | 'MySchools' | 'EmployeeTools';
export const CERTMASTER_TARGETS: readonly CertMasterTarget[] = ['Course', 'MyCourses', 'MySchools', 'EmployeeTools'];

/** The single sign-on options of docs/behaviour.md#entities. */
export interface SsoOptions {
  classroom?: string;
  pearsonAction?: string;
  productCode?: string;
  returnUrl?: string;
  version?: string;
  certMasterAction?: string;
  target?: CertMasterTarget;
}

export type Navigation = { kind: 'post'; action: string; fields: Record<string, string> } | { kind: 'redirect'; url: string } | { kind: 'open'; url: string };

/** Where each partner is (portal-config.json `partners`; the sandbox by default). */
export type PartnerUrls = Partial<Record<LaunchVendor | 'zendeskWidget', string>>;

export interface PearsonToken {
  clientCode: string;
  vueCandidateId?: string;
  externalPageTimestamp: string;
  externalSessionTimeout: string;
  token: string;
}

/** What the launch was given: a token (Pearson, Zendesk, CertMetrics) or a URL (Skillable), fetched just now. */
export type Credential =
  { kind: 'pearson'; value: PearsonToken; candidateId: string } | { kind: 'jwt'; value: string } | { kind: 'url'; value: string } | { kind: 'none' };

export interface LaunchContext {
  partners: PartnerUrls;
  /** The portal's own origin: the exam-delivery partner sends the learner back here. */
  portalOrigin: string;
  language: string;
}

export class LaunchUnavailable extends Error {
  constructor(readonly vendor: string) {
    super(`No launch for ${vendor}`);
  }
}

/** The token or URL a vendor needs before it can be launched. */
export function credentialNeeded(vendor: LaunchVendor): 'pearson' | 'zendesk' | 'certMetrics' | 'skillable' | null {
  switch (vendor) {
    case 'pearsonVue':
      return 'pearson';
    case 'zendesk':
      return 'zendesk';
    case 'certMetrics':
      return 'certMetrics';
    case 'skillable':
      return 'skillable';
    default:
      return null;
  }
}

/** Paths of the portal the exam-delivery partner returns to. */
export const EXAM_ERROR_PATH = '/exam-error';

function partnerUrl(context: LaunchContext, vendor: LaunchVendor | 'zendeskWidget'): URL {
  const base = context.partners[vendor];
  if (!base || !URL.canParse(base)) throw new LaunchUnavailable(vendor);
  const url = new URL(base);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new LaunchUnavailable(vendor);
  return url;
}

/** Appends path segments to a base URL, each encoded, keeping the base's own path. */
function withPath(base: URL, ...segments: string[]): URL {
  const url = new URL(base.href);
  const path = url.pathname.replace(/\/+$/, '');
  url.pathname = [path, ...segments.map((s) => encodeURIComponent(s))].join('/');
  return url;
}

function setParam(url: URL, name: string, value: string | undefined): URL {
  if (value) url.searchParams.set(name, value);
  return url;
}

function certMasterUrl(context: LaunchContext, options: SsoOptions): URL {
  const base = partnerUrl(context, 'certMaster');
  switch (options.target ?? (options.productCode ? 'Course' : 'MyCourses')) {
    case 'Course':
      if (!options.productCode) throw new LaunchUnavailable('certMaster');
      return withPath(base, 'productviewer', options.productCode, 'default');
    case 'MyCourses':
      return withPath(base, 'my-courses');
    case 'MySchools':
      return options.classroom ? withPath(base, 'mycampus', options.classroom) : withPath(base, 'mycampus');
    case 'EmployeeTools':
      return withPath(base, 'employeetools');
  }
}

/** The navigation of one launch (docs/behaviour.md#calls, "Single sign-on launches"). */
export function planLaunch(vendor: LaunchVendor, options: SsoOptions, credential: Credential, context: LaunchContext): Navigation {
  switch (vendor) {
    case 'pearsonVue': {
      if (credential.kind !== 'pearson') throw new LaunchUnavailable(vendor);
      const token = credential.value;
      const portal = new URL(context.portalOrigin).origin;
      const fields: Record<string, string> = {
        CLIENT_CODE: token.clientCode,
        VUE_CANDIDATE_ID: token.vueCandidateId ?? credential.candidateId,
        EXTERNAL_PAGE_TIMESTAMP: token.externalPageTimestamp,
        EXTERNAL_ERROR_URL: new URL(EXAM_ERROR_PATH, portal).href,
        EXTERNAL_LOGOUT_URL: new URL('/', portal).href,
        EXTERNAL_RETURN_URL: new URL('/home', portal).href,
        EXTERNAL_TIMEOUT_URL: new URL(EXAM_ERROR_PATH, portal).href,
        EXTERNAL_SESSION_TIMEOUT: token.externalSessionTimeout,
        LOCALE_CODE: context.language === 'ja' ? 'ja_JP' : 'en_US',
        HIDE_CONFIRM_PERSONAL_INFO_PAGE: 'True',
        ...(options.pearsonAction ? { ACTION: options.pearsonAction } : {}),
        EXTERNAL_AUTH_HASH: token.token,
      };
      return { kind: 'post', action: partnerUrl(context, vendor).href, fields };
    }
    case 'zendesk': {
      if (credential.kind !== 'jwt') throw new LaunchUnavailable(vendor);
      const fields: Record<string, string> = { jwt: credential.value };
      if (options.returnUrl) fields.return_to = options.returnUrl;
      return { kind: 'post', action: partnerUrl(context, vendor).href, fields };
    }
    case 'certMetrics': {
      if (credential.kind !== 'jwt') throw new LaunchUnavailable(vendor);
      const url = setParam(partnerUrl(context, vendor), 'token', credential.value);
      return { kind: 'redirect', url: setParam(url, 'ReturnUrl', options.returnUrl).href };
    }
    case 'skillable': {
      if (credential.kind !== 'url' || !URL.canParse(credential.value)) throw new LaunchUnavailable(vendor);
      const url = new URL(credential.value);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new LaunchUnavailable(vendor);
      return { kind: 'redirect', url: url.href };
    }
    case 'benchPrep':
    case 'canvas':
      return { kind: 'open', url: setParam(partnerUrl(context, vendor), 'return_to', options.returnUrl).href };
    case 'certMasterPractice':
      return { kind: 'open', url: setParam(partnerUrl(context, vendor), 'classroom', options.classroom).href };
    case 'certMaster':
      return { kind: 'open', url: certMasterUrl(context, options).href };
    case 'gutenberg':
    case 'populi':
      return { kind: 'open', url: partnerUrl(context, vendor).href };
  }
}

/** A product's launch (vendor and options), or null when the vendor has none (optimizely). */
export function productLaunch(entitlement: {
  vendor: string;
  product?: { vendorProductCode?: string; classroom?: string | null };
  preferredProductVersion?: string | null;
}): { vendor: LaunchVendor; options: SsoOptions } | null {
  if (!isLaunchVendor(entitlement.vendor)) return null;
  const product = entitlement.product ?? {};
  const options: SsoOptions = {};
  if (product.classroom) options.classroom = product.classroom;
  if (entitlement.vendor === 'certMaster') {
    if (!product.vendorProductCode) return null;
    options.target = 'Course';
    options.productCode = product.vendorProductCode;
    if (entitlement.preferredProductVersion) options.version = entitlement.preferredProductVersion;
  }
  if (entitlement.vendor === 'pearsonVue') options.pearsonAction = PEARSON_ACTIONS.schedule;
  return { vendor: entitlement.vendor, options };
}

/** The exam-delivery partner's ACTION values for the exams card. */
export const PEARSON_ACTIONS = { schedule: 'SCHEDULE_EXAM', manage: 'MANAGE_EXAMS' } as const;
