import { join, resolve } from 'node:path';
import { partnerSettings, type PartnerSecrets } from '../shared/partners';
import { projectRoot } from './runtime-files';

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
  /** 'access' (default): the services take access tokens; 'id': they take the ID token, as the spec's portal sends */
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
  seedOnStart: boolean;
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
  /** Folder of the built portal; the portal is served from here with an SPA fallback. */
  portalDir: string;
  /** Folder of the JSON Schema files (served read-only at /schemas and compiled for validation). */
  schemasDir: string;
  /** Hosts of the links the portal shows (configuration; README lists them). */
  links: PortalLinks;
  /** Other origins a portal may call /api from (the Vite dev server by default). */
  corsOrigins: string[];
}

export interface PartnerUrls {
  pearsonVue: string;
  zendesk: string;
  zendeskWidget: string;
  certMetrics: string;
  skillable: string;
  certMaster: string;
  certMasterPractice: string;
  benchPrep: string;
  canvas: string;
  gutenberg: string;
  populi: string;
}

/** /help with a return_to page of the support desk's help centre. */
const helpLink = (sandboxOrigin: string, path: string) => `/help?${new URLSearchParams({ returnto: new URL(path, sandboxOrigin).href })}`;

/** PARTNER_<NAME>_URL or the sandbox's page for that partner. */
function partnerUrls(env: NodeJS.ProcessEnv, sandboxOrigin: string): PartnerUrls {
  const at = (name: string, path: string) => env[`PARTNER_${name}_URL`] || new URL(path, sandboxOrigin).href;
  return {
    pearsonVue: at('PEARSON', '/pearson/sso'),
    zendesk: at('ZENDESK', '/zendesk/access/jwt'),
    zendeskWidget: at('ZENDESK_WIDGET', '/zendesk/widget.js'),
    certMetrics: at('CERTMETRICS', '/certmetrics/sso'),
    skillable: at('SKILLABLE', '/skillable/sso'),
    certMaster: at('CERTMASTER', '/certmaster/'),
    certMasterPractice: at('CMP', '/cmp/'),
    benchPrep: at('BENCHPREP', '/benchprep/'),
    canvas: at('CANVAS', '/canvas/'),
    gutenberg: at('GUTENBERG', '/gutenberg/'),
    populi: at('POPULI', '/populi/'),
  };
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

const flag = (value: string | undefined, fallback: boolean): boolean =>
  value === undefined || value === '' ? fallback : ['1', 'true', 'on', 'yes'].includes(value.toLowerCase());

const int = (value: string | undefined, fallback: number): number => {
  const n = value ? Number.parseInt(value, 10) : Number.NaN;
  return Number.isFinite(n) ? n : fallback;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = int(env.PORT, 3002);
  const idpPort = int(env.IDP_PORT, 3443);
  const sandboxPort = int(env.SANDBOX_PORT, 3004);
  const host = env.HOST ?? 'localhost';
  const publicOrigin = env.PUBLIC_ORIGIN ?? `http://${host}:${port}`;
  const sandboxOrigin = env.SANDBOX_ORIGIN ?? `https://${host}:${sandboxPort}`;
  const shared = partnerSettings(env);
  return {
    port,
    idpPort,
    sandboxPort,
    host,
    dataDir: resolve(env.DATA_DIR ?? '.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    publicOrigin,
    issuer: env.OIDC_ISSUER ?? `https://${host}:${idpPort}`,
    clientId: env.OIDC_CLIENT_ID ?? 'portal',
    apiAudience: env.API_AUDIENCE ?? 'urn:certification-portal:api',
    bearerToken: env.BEARER_TOKEN === 'id' ? 'id' : 'access',
    functionKey: env.FUNCTION_KEY ?? 'local-development-function-key',
    functionKeyHeader: env.FUNCTION_KEY_HEADER ?? 'x-functions-key',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'no-reply@portal.localhost',
    sierraUrl: env.SIERRA_URL || undefined,
    partnerSecrets: shared.secrets,
    flags: {
      certmetrics: flag(env.FLAG_CERTMETRICS, true),
      learningSystems: flag(env.FLAG_LEARNING_SYSTEMS, true),
      odp: flag(env.FLAG_ODP, true),
      pearson: flag(env.FLAG_PEARSON, true),
      privo: flag(env.FLAG_PRIVO, true),
    },
    redirectWhitelist: (
      env.REDIRECT_WHITELIST ??
      'test.certification.example,prep.certification.example,shop.certification.example,localhost:44397,localhost:3002'
    )
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean),
    logLevel: env.LOG_LEVEL ?? 'info',
    seedOnStart: flag(env.SEED_ON_START, true),
    demoSocialSignIn: flag(env.DEMO_SOCIAL_SIGNIN, env.NODE_ENV !== 'production'),
    production: env.NODE_ENV === 'production',
    sandboxOrigin,
    startSandbox: flag(env.SANDBOX, true),
    partners: partnerUrls(env, sandboxOrigin),
    pearsonClientCode: shared.pearsonClientCode,
    pearsonSessionTimeout: int(env.PEARSON_SESSION_TIMEOUT, 30),
    keyGuessLimit: int(env.KEY_GUESS_LIMIT, 20),
    keyGuessWindowMs: int(env.KEY_GUESS_WINDOW_MS, 15 * 60 * 1000),
    linkAttemptLimit: int(env.LINK_ATTEMPT_LIMIT, 10),
    linkAttemptWindowMs: int(env.LINK_ATTEMPT_WINDOW_MS, 15 * 60 * 1000),
    portalDir: resolve(env.PORTAL_DIR ?? join(projectRoot, 'dist/portal')),
    schemasDir: resolve(env.SCHEMAS_DIR ?? join(projectRoot, 'schemas')),
    links: {
      store: env.LINK_STORE ?? 'https://shop.certification.example',
      // The help menu signs the learner in to the support desk through /help (its pages are on the
      // support desk's own origin, the sandbox by default).
      helpCenter: env.LINK_HELP_CENTER ?? '/help',
      contactSupport: env.LINK_CONTACT_SUPPORT ?? helpLink(sandboxOrigin, '/zendesk/hc/requests/new'),
      community: env.LINK_COMMUNITY ?? helpLink(sandboxOrigin, '/zendesk/hc/community'),
      legal: env.LINK_LEGAL ?? 'https://www.certification.example/legal',
      certification: {
        home: env.LINK_CERTIFICATION ?? 'https://www.certification.example/certifications',
        continuingEducation: env.LINK_CONTINUING_EDUCATION ?? 'https://www.certification.example/continuing-education',
        verify: env.LINK_VERIFY_CERTIFICATION ?? 'https://verify.certification.example',
      },
      exams: env.LINK_EXAMS ?? 'https://test.certification.example',
      examsSupport: env.LINK_EXAMS_SUPPORT ?? 'https://test.certification.example/customer-service',
    },
    // The Vite dev server's origin is allowed (CORS, sign-in redirects) in development only.
    corsOrigins: (env.CORS_ORIGINS ?? (env.NODE_ENV === 'production' ? '' : 'http://localhost:5173'))
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  };
}
