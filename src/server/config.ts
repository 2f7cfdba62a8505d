import { join, resolve } from 'node:path';
import { DEMO_PARTNER_SECRETS, partnerSettings, type PartnerSecrets } from '../shared/partners';
import { VENDORS, type Vendor } from '../shared/vendors';

type VendorWithPage = { [V in Vendor]: (typeof VENDORS)[V] extends { page: object } ? V : never }[Vendor];
import { envReader, type EnvReader } from './config-reader';
import { projectRoot } from './runtime-files';
import { proxyTrust } from './http/client-address';

export { ConfigError } from './config-reader';

// Every setting of the reference services comes from the environment; README.md lists them.
export interface ServerConfig {
  port: number;
  idpPort: number;
  sandboxPort: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Origin the portal and /api are served on, e.g. http://localhost:3002 */
  publicOrigin: string;
  /** Issuer of the OpenID Connect provider, e.g. https://localhost:3443 */
  issuer: string;
  clientId: string;
  /** Audience (resource indicator) of the access tokens the services accept */
  apiAudience: string;
  /** 'access' (default): the services take access tokens; 'id': they take the ID token, as the documented portal sends (docs/authentication.md) */
  bearerToken: 'access' | 'id';
  functionKey: string;
  functionKeyHeader: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  sierraUrl: string | undefined;
  partnerSecrets: PartnerSecrets;
  flags: { certmetrics: boolean; learningSystems: boolean; odp: boolean; pearson: boolean; privo: boolean };
  redirectWhitelist: string[];
  logLevel: string;
  /** While the database is away: one log line per failure kind and this interval (outage-log.ts). */
  outageLogIntervalMs: number;
  seedOnStart: boolean;
  /** Seed 90 days of synthetic form activity and a past rules version the watch flags (docs/demo.md), on an empty history. */
  demoActivity: boolean;
  /** The demo stand-in for the social identity provider (DEMO_SOCIAL_SIGNIN; on in development only). */
  demoSocialSignIn: boolean;
  /** NODE_ENV === 'production': the development outbox page is off. */
  production: boolean;
  /** Origin of the partner sandbox that receives single sign-on launches. */
  sandboxOrigin: string;
  /** Start the partner sandbox beside the services (SANDBOX=off to leave it out). */
  startSandbox: boolean;
  /** Where each partner's single sign-on lands (the sandbox unless PARTNER_* says otherwise). */
  partners: PartnerUrls;
  /** Code the exam-delivery partner knows this portal by. */
  pearsonClientCode: string;
  /** Minutes an exam-delivery launch stays valid. */
  pearsonSessionTimeout: number;
  /** Failed access-key guesses allowed per account in one window. */
  keyGuessLimit: number;
  keyGuessWindowMs: number;
  /** Legacy account link attempts allowed per account in one window. */
  linkAttemptLimit: number;
  linkAttemptWindowMs: number;
  /** Form activity (FORM_ACTIVITY; on by default): off records nothing and the portal sends nothing. */
  formActivity: boolean;
  /** Form-activity events accepted per account in one window (more answer 429). */
  formActivityLimit: number;
  formActivityWindowMs: number;
  /** Folder of the built portal; the portal is served from here with an SPA fallback. */
  portalDir: string;
  /** Folder of the JSON Schema files (served read-only at /schemas and compiled for validation). */
  schemasDir: string;
  /** Hosts of the links the portal shows (configuration; README lists them). */
  links: PortalLinks;
  /** Load balancers whose X-Forwarded-For entry names the client (sign-in throttles count per client address). */
  trustedProxies: string[];
  /** Other origins a portal may call /api from (the Vite dev server by default). */
  corsOrigins: string[];
  /** The identity provider's key ring (key-ring.ts): how often each instance reads it, and the rotation. */
  idpKeys: IdpKeySettings;
  /** On SIGTERM: time readiness answers 503 before the listeners close, for a load balancer to notice. */
  drainDelayMs: number;
  /** On SIGTERM: the process exits with 1 if closing takes longer than this. */
  shutdownTimeoutMs: number;
  /**
   * Load shedding: while the event loop's mean delay over the last sample is above this, requests
   * are answered 503 with Retry-After and readiness says so (0 turns it off).
   */
  maxEventLoopDelayMs: number;
  /** Port of the Prometheus metrics listener (GET /metrics); none when unset. */
  metricsPort: number | undefined;
  /** Address the metrics listener binds to (loopback unless told). */
  metricsHost: string;
  /** The certification partner's embedded page and the origins whose messages the portal accepts. */
  certificationFrame: CertificationFrameConfig;
  /** INSTANCE_ID: sent as x-instance-id on every answer, so one can see which instance behind a load balancer answered. */
  instanceId: string | undefined;
  /** RULES_APPROVAL: a rules draft needs a second product owner's approval before it is published (on in production). */
  rulesApproval: boolean;
  /** TEXTS_APPROVAL: a texts draft needs another localisation account's approval before it is published (on in production). */
  textsApproval: boolean;
}

export interface CertificationFrameConfig {
  url: string;
  /** The provider's hosts (development and production); the frame's own origin must be one of them. */
  allowedOrigins: string[];
}

/** Each launched vendor's single sign-on page (shared/vendors.ts `page`), and the support desk's widget script. */
export type PartnerUrls = Record<VendorWithPage, string> & { zendeskWidget: string };

/** /help with a return_to page of the support desk's help centre. */
const helpLink = (sandboxOrigin: string, path: string) => `/help?${new URLSearchParams({ returnto: new URL(path, sandboxOrigin).href })}`;

/** PARTNER_<NAME>_URL (an http(s) URL) or the sandbox's page for that partner. */
function partnerUrls(read: EnvReader, sandboxOrigin: string): PartnerUrls {
  const at = (name: string, path: string) => read.url(`PARTNER_${name}_URL`, HTTP)?.href ?? new URL(path, sandboxOrigin).href;
  const pages = Object.fromEntries(
    Object.entries(VENDORS).flatMap(([vendor, facts]) => ('page' in facts ? [[vendor, at(facts.page.setting, facts.page.sandboxPath)]] : [])),
  );
  return { ...(pages as Record<VendorWithPage, string>), zendeskWidget: at('ZENDESK_WIDGET', '/zendesk/widget.js') };
}

/**
 * CERTIFICATION_FRAME_URL (an http(s) URL, or a path on the sandbox; the sandbox's embedded page by
 * default) and CERTIFICATION_FRAME_ORIGINS (comma-separated origins; the frame's own origin by
 * default). Origins are compared as parsed origins.
 */
function certificationFrame(read: EnvReader, sandboxOrigin: string): CertificationFrameConfig {
  const given = read.optional('CERTIFICATION_FRAME_URL');
  const url =
    given === undefined || given.startsWith('/') ? new URL(given ?? '/certmetrics/embedded', sandboxOrigin) : read.url('CERTIFICATION_FRAME_URL', HTTP);
  if (!url) return read.fail('CERTIFICATION_FRAME_URL', 'must be an http(s) URL or a path');
  // Each entry is read as a URL and reduced to its origin (a trailing path is the provider's business).
  const listed = read.list('CERTIFICATION_FRAME_ORIGINS', '', (entry) => {
    const parsed = URL.canParse(entry) ? new URL(entry) : undefined;
    if (!parsed || !HTTP.includes(parsed.protocol)) read.fail('CERTIFICATION_FRAME_ORIGINS', `must list http(s) origins, got ${JSON.stringify(entry)}`);
    return parsed?.origin ?? '';
  });
  return { url: url.href, allowedOrigins: listed.length > 0 ? [...new Set(listed)] : [url.origin] };
}

export interface PortalLinks {
  store: string;
  helpCenter: string;
  contactSupport: string;
  community: string;
  legal: string;
  certification: { home: string; continuingEducation: string; verify: string };
  exams: string;
  /** The exam-delivery partner's customer service (ERROR_VUE_WIDE_BLOCK sends learners there). */
  examsSupport: string;
}

const HTTP = ['http:', 'https:'];
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const HEADER_NAME = /^[A-Za-z0-9-]{1,64}$/;
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** Development defaults production refuses unless ALLOW_DEMO_DEFAULTS names them (or says `all`). */
export const DEMO_DEFAULTS = ['function-key', 'partner-secrets', 'social-signin', 'outbox', 'seed'] as const;
export type DemoDefault = (typeof DEMO_DEFAULTS)[number];
export const DEMO_FUNCTION_KEY = 'local-development-function-key';

/** A link the portal shows: an absolute http(s) URL, or a path on the portal's own origin. */
function link(read: EnvReader, name: string, fallback: string): string {
  const value = read.optional(name);
  if (value === undefined) return fallback;
  if (value.startsWith('/') && !value.startsWith('//') && !value.includes('\\')) return value;
  return read.url(name, HTTP)?.href ?? fallback;
}

/** A host (with an optional port) as the URL parser reads it, e.g. `shop.example` or `localhost:3002`. */
function hostOf(read: EnvReader, name: string) {
  return (item: string): string => {
    const host = URL.canParse(`https://${item}`) ? new URL(`https://${item}`).host : undefined;
    if (!host || host !== item.toLowerCase()) read.fail(name, `must list hosts (host or host:port), got ${JSON.stringify(item)}`);
    return item.toLowerCase();
  };
}

/**
 * Every setting, read and checked once at start: a missing or malformed value throws a ConfigError
 * naming the variable (main.ts prints that one line and exits 1). With NODE_ENV=production the
 * development defaults are refused unless ALLOW_DEMO_DEFAULTS allows them.
 */
export interface IdpKeySettings {
  /** Each instance reads the ring this often (and switches keys that have become due). */
  refreshMs: number;
  /** A new key is published this long before it is used: more than two refreshes, so every instance has it. */
  activationDelayMs: number;
  /** A new key is added when the newest is this old; 0: only by `npm run idp:rotate-keys`. */
  rotationMs: number;
  /** A replaced key stays published this long (longer than any token or session it signed). */
  retainMs: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function idpKeySettings(read: EnvReader): IdpKeySettings {
  const refreshMs = read.count('IDP_KEY_REFRESH_MS', 60_000);
  const activationDelayMs = read.count('IDP_KEY_ACTIVATION_DELAY_MS', 10 * 60_000);
  if (activationDelayMs < 2 * refreshMs)
    read.fail('IDP_KEY_ACTIVATION_DELAY_MS', `must be at least twice IDP_KEY_REFRESH_MS (${refreshMs}), got ${activationDelayMs}`);
  return {
    refreshMs,
    activationDelayMs,
    rotationMs: read.millis('IDP_KEY_ROTATION_DAYS', 90) * DAY_MS,
    retainMs: read.count('IDP_KEY_RETAIN_DAYS', 30) * DAY_MS,
  };
}

/** TRUSTED_PROXIES: addresses, CIDR ranges or loopback/linklocal/uniquelocal; none by default. */
function trustedProxiesOf(read: EnvReader): string[] {
  const proxies = read.list('TRUSTED_PROXIES', '');
  try {
    proxyTrust(proxies);
  } catch {
    read.fail('TRUSTED_PROXIES', `must list IP addresses or CIDR ranges (or loopback, linklocal, uniquelocal), got ${JSON.stringify(proxies.join(','))}`);
  }
  return proxies;
}

/** Refuses, in production, each development default that was not allowed by ALLOW_DEMO_DEFAULTS. */
function demoDefaultGuard(read: EnvReader, production: boolean) {
  const allowed = new Set(
    read.list('ALLOW_DEMO_DEFAULTS', '', (item) => {
      if (item !== 'all' && !(DEMO_DEFAULTS as readonly string[]).includes(item)) {
        read.fail('ALLOW_DEMO_DEFAULTS', `must list some of ${DEMO_DEFAULTS.join(', ')} (or all), got ${JSON.stringify(item)}`);
      }
      return item;
    }),
  );
  const allows = (item: DemoDefault) => !production || allowed.has('all') || allowed.has(item);
  return (name: string, item: DemoDefault, what: string, inUse: boolean): void => {
    if (inUse && !allows(item)) read.fail(name, `${what}: production refuses it (set your own, or ALLOW_DEMO_DEFAULTS=${item})`);
  };
}

/** Where the three servers listen and the origins they are reached at. */
function listeners(read: EnvReader) {
  const port = read.port('PORT', 3002);
  const idpPort = read.port('IDP_PORT', 3443);
  const sandboxPort = read.port('SANDBOX_PORT', 3004);
  const host = read.string('HOST', 'localhost');
  // The name or address the servers listen on; an IPv6 address is bracketed in URLs.
  const hostPart = host.includes(':') ? `[${host}]` : host;
  if (!URL.canParse(`http://${hostPart}`) || new URL(`http://${hostPart}`).port !== '')
    read.fail('HOST', `must be a host name or IP address, got ${JSON.stringify(host)}`);
  const publicOrigin = read.origin('PUBLIC_ORIGIN', `http://${hostPart}:${port}`);
  const sandboxOrigin = read.origin('SANDBOX_ORIGIN', `https://${hostPart}:${sandboxPort}`);
  return { port, idpPort, sandboxPort, host, hostPart, publicOrigin, sandboxOrigin };
}

/** The secrets and demo switches production must set itself (demoDefaultGuard). */
function secretsAndDemoSwitches(read: EnvReader, production: boolean) {
  const guard = demoDefaultGuard(read, production);
  const functionKey = read.string('FUNCTION_KEY', DEMO_FUNCTION_KEY);
  guard('FUNCTION_KEY', 'function-key', 'is unset or the development key', functionKey === DEMO_FUNCTION_KEY);
  for (const [name, demo] of Object.entries(DEMO_PARTNER_SECRETS)) {
    guard(name, 'partner-secrets', 'is unset or the development secret', (read.optional(name) ?? demo) === demo);
  }
  const smtpUrl = read.url('SMTP_URL', ['smtp:', 'smtps:']) ? read.raw('SMTP_URL') : undefined;
  guard('SMTP_URL', 'outbox', 'is unset, which keeps mail in the development outbox', !smtpUrl);
  const demoSocialSignIn = read.bool('DEMO_SOCIAL_SIGNIN', !production);
  guard('DEMO_SOCIAL_SIGNIN', 'social-signin', 'turns on the demo social sign-in stand-in', demoSocialSignIn);
  const seedOnStart = read.bool('SEED_ON_START', !production);
  guard('SEED_ON_START', 'seed', 'seeds the demo accounts and keys', seedOnStart);
  return { functionKey, smtpUrl, demoSocialSignIn, seedOnStart };
}

/** The links of the portal's menus and pages (docs/configuration.md). */
function portalLinks(read: EnvReader, sandboxOrigin: string): ServerConfig['links'] {
  return {
    store: link(read, 'LINK_STORE', 'https://shop.certification.example'),
    // The help menu signs the learner in to the support desk through /help (its pages are on the
    // support desk's own origin, the sandbox by default).
    helpCenter: link(read, 'LINK_HELP_CENTER', '/help'),
    contactSupport: link(read, 'LINK_CONTACT_SUPPORT', helpLink(sandboxOrigin, '/zendesk/hc/requests/new')),
    community: link(read, 'LINK_COMMUNITY', helpLink(sandboxOrigin, '/zendesk/hc/community')),
    legal: link(read, 'LINK_LEGAL', 'https://www.certification.example/legal'),
    certification: {
      home: link(read, 'LINK_CERTIFICATION', 'https://www.certification.example/certifications'),
      continuingEducation: link(read, 'LINK_CONTINUING_EDUCATION', 'https://www.certification.example/continuing-education'),
      verify: link(read, 'LINK_VERIFY_CERTIFICATION', 'https://verify.certification.example'),
    },
    exams: link(read, 'LINK_EXAMS', 'https://test.certification.example'),
    examsSupport: link(read, 'LINK_EXAMS_SUPPORT', 'https://test.certification.example/customer-service'),
  };
}

/** How often one account may guess keys, link partner accounts and send form activity. */
function abuseLimits(read: EnvReader) {
  return {
    keyGuessLimit: read.count('KEY_GUESS_LIMIT', 20),
    keyGuessWindowMs: read.count('KEY_GUESS_WINDOW_MS', 15 * 60 * 1000),
    linkAttemptLimit: read.count('LINK_ATTEMPT_LIMIT', 10),
    linkAttemptWindowMs: read.count('LINK_ATTEMPT_WINDOW_MS', 15 * 60 * 1000),
    formActivity: read.bool('FORM_ACTIVITY', true),
    formActivityLimit: read.count('FORM_ACTIVITY_LIMIT', 600),
    formActivityWindowMs: read.count('FORM_ACTIVITY_WINDOW_MS', 15 * 60 * 1000),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const read = envReader(env);
  const production = read.raw('NODE_ENV') === 'production';
  const { port, idpPort, sandboxPort, host, hostPart, publicOrigin, sandboxOrigin } = listeners(read);
  const { functionKey, smtpUrl, demoSocialSignIn, seedOnStart } = secretsAndDemoSwitches(read, production);

  const functionKeyHeader = read.string('FUNCTION_KEY_HEADER', 'x-functions-key');
  if (!HEADER_NAME.test(functionKeyHeader))
    read.fail('FUNCTION_KEY_HEADER', `must be a header name (letters, digits, -), got ${JSON.stringify(functionKeyHeader)}`);
  const mailFrom = read.string('MAIL_FROM', 'no-reply@portal.localhost');
  if (!EMAIL.test(mailFrom)) read.fail('MAIL_FROM', `must be an e-mail address, got ${JSON.stringify(mailFrom)}`);
  const instanceId = read.optional('INSTANCE_ID');
  if (instanceId !== undefined && !/^[A-Za-z0-9._-]{1,64}$/.test(instanceId))
    read.fail('INSTANCE_ID', `must be 1-64 letters, digits, '.', '_' or '-', got ${JSON.stringify(instanceId)}`);
  const shared = partnerSettings(env);
  return {
    port,
    idpPort,
    sandboxPort,
    host,
    dataDir: resolve(read.string('DATA_DIR', '.data')),
    databaseUrl: read.url('DATABASE_URL', ['postgres:', 'postgresql:']) ? read.raw('DATABASE_URL') : undefined,
    publicOrigin,
    // MSAL accepts only an https authority (docs/authentication.md).
    issuer: read.url('OIDC_ISSUER', ['https:'])?.href.replace(/\/$/, '') ?? `https://${hostPart}:${idpPort}`,
    clientId: read.string('OIDC_CLIENT_ID', 'portal'),
    apiAudience: read.string('API_AUDIENCE', 'urn:certification-portal:api'),
    bearerToken: read.oneOf('BEARER_TOKEN', ['access', 'id'], 'access'),
    functionKey,
    functionKeyHeader,
    smtpUrl,
    mailFrom,
    sierraUrl: read.url('SIERRA_URL', HTTP)?.href,
    partnerSecrets: shared.secrets,
    flags: {
      certmetrics: read.bool('FLAG_CERTMETRICS', true),
      learningSystems: read.bool('FLAG_LEARNING_SYSTEMS', true),
      odp: read.bool('FLAG_ODP', true),
      pearson: read.bool('FLAG_PEARSON', true),
      privo: read.bool('FLAG_PRIVO', true),
    },
    redirectWhitelist: read.list(
      'REDIRECT_WHITELIST',
      'test.certification.example,prep.certification.example,shop.certification.example,localhost:44397,localhost:3002',
      hostOf(read, 'REDIRECT_WHITELIST'),
    ),
    trustedProxies: trustedProxiesOf(read),
    logLevel: read.oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    outageLogIntervalMs: read.count('LOG_OUTAGE_INTERVAL_MS', 10_000),
    seedOnStart,
    demoActivity: read.bool('DEMO_ACTIVITY', seedOnStart && !production),
    demoSocialSignIn,
    production,
    sandboxOrigin,
    startSandbox: read.bool('SANDBOX', true),
    partners: partnerUrls(read, sandboxOrigin),
    pearsonClientCode: shared.pearsonClientCode,
    pearsonSessionTimeout: read.count('PEARSON_SESSION_TIMEOUT', 30),
    ...abuseLimits(read),
    portalDir: resolve(read.string('PORTAL_DIR', join(projectRoot, 'dist/portal'))),
    schemasDir: resolve(read.string('SCHEMAS_DIR', join(projectRoot, 'schemas'))),
    links: portalLinks(read, sandboxOrigin),
    idpKeys: idpKeySettings(read),
    drainDelayMs: read.millis('DRAIN_DELAY_MS', 0),
    shutdownTimeoutMs: read.count('SHUTDOWN_TIMEOUT_MS', 15_000),
    maxEventLoopDelayMs: read.millis('MAX_EVENT_LOOP_DELAY_MS', 1000),
    metricsPort: read.optional('METRICS_PORT') === undefined ? undefined : read.port('METRICS_PORT', 0),
    metricsHost: read.string('METRICS_HOST', '127.0.0.1'),
    certificationFrame: certificationFrame(read, sandboxOrigin),
    instanceId,
    rulesApproval: read.bool('RULES_APPROVAL', production),
    textsApproval: read.bool('TEXTS_APPROVAL', production),
    // The Vite dev server's origin is allowed (CORS, sign-in redirects) in development only.
    corsOrigins: read.list('CORS_ORIGINS', production ? '' : 'http://localhost:5173', (item) => read.originOf('CORS_ORIGINS', item)),
  };
}
