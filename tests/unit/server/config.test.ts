import { ConfigError, DEMO_FUNCTION_KEY, loadConfig } from '../../../src/server/config';
import { DEMO_PARTNER_SECRETS } from '../../../src/shared/partners';

/** What loadConfig threw, or a failure when it threw nothing (or something else). */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

/** A production configuration with every development default replaced. */
const production: Record<string, string> = {
  NODE_ENV: 'production',
  FUNCTION_KEY: 'a-key-of-our-own-0123456789',
  CERTMETRICS_SECRET: 'certmetrics-prod-secret',
  PEARSON_SECRET: 'pearson-prod-secret',
  ZENDESK_SECRET: 'zendesk-prod-secret',
  SKILLABLE_SECRET: 'skillable-prod-secret',
  SMTP_URL: 'smtps://mail.certification.example',
};

describe('configuration in development', () => {
  it('starts from the defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3002,
      idpPort: 3443,
      publicOrigin: 'http://localhost:3002',
      issuer: 'https://localhost:3443',
      sandboxOrigin: 'https://localhost:3004',
      functionKey: DEMO_FUNCTION_KEY,
      bearerToken: 'access',
      logLevel: 'info',
      seedOnStart: true,
      demoSocialSignIn: true,
      production: false,
      corsOrigins: ['http://localhost:5173'],
      rulesApproval: false,
    });
    expect(config.partnerSecrets.pearsonVue).toBe(DEMO_PARTNER_SECRETS.PEARSON_SECRET);
  });

  it('reads well-formed values, an empty one counting as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      PUBLIC_ORIGIN: 'https://portal.certification.example/',
      OIDC_ISSUER: 'https://id.certification.example',
      DATABASE_URL: 'postgres://portal@db.internal:5432/portal',
      BEARER_TOKEN: 'id',
      FLAG_PEARSON: 'off',
      REDIRECT_WHITELIST: 'Shop.Example, localhost:44397',
      CORS_ORIGINS: 'http://localhost:5173/',
      LINK_HELP_CENTER: '/help',
      KEY_GUESS_LIMIT: '',
      TRUSTED_PROXIES: '10.0.0.0/8, loopback',
    });
    expect(config).toMatchObject({
      port: 8080,
      publicOrigin: 'https://portal.certification.example',
      issuer: 'https://id.certification.example',
      databaseUrl: 'postgres://portal@db.internal:5432/portal',
      bearerToken: 'id',
      redirectWhitelist: ['shop.example', 'localhost:44397'],
      corsOrigins: ['http://localhost:5173'],
      keyGuessLimit: 20,
      trustedProxies: ['10.0.0.0/8', 'loopback'],
    });
    expect(config.flags.pearson).toBe(false);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '3002abc'],
    ['PORT', '70000'],
    ['IDP_PORT', '-1'],
    ['SANDBOX_PORT', '1.5'],
    ['KEY_GUESS_LIMIT', '0'],
    ['KEY_GUESS_WINDOW_MS', 'soon'],
    ['PEARSON_SESSION_TIMEOUT', '30m'],
    ['IDP_KEY_ACTIVATION_DELAY_MS', '1000'],
    ['HOST', 'a b'],
    ['TRUSTED_PROXIES', '10.0.0.0/99'],
    ['TRUSTED_PROXIES', 'load-balancer.internal'],
    ['PUBLIC_ORIGIN', 'localhost:3002'],
    ['PUBLIC_ORIGIN', 'http://portal.example/app'],
    ['PUBLIC_ORIGIN', 'https://user:pw@portal.example'],
    ['SANDBOX_ORIGIN', 'not a url'],
    ['OIDC_ISSUER', 'http://id.certification.example'],
    ['DATABASE_URL', 'mysql://db.internal/portal'],
    ['SMTP_URL', 'http://mail.example'],
    ['SIERRA_URL', 'ftp://sierra.example'],
    ['PARTNER_PEARSON_URL', 'javascript:alert(1)'],
    ['LINK_LEGAL', '//evil.example/legal'],
    ['BEARER_TOKEN', 'jwt'],
    ['LOG_LEVEL', 'loud'],
    ['FLAG_PEARSON', 'maybe'],
    ['SANDBOX', 'perhaps'],
    ['CORS_ORIGINS', 'http://localhost:5173,javascript:alert(1)'],
    ['REDIRECT_WHITELIST', 'shop.example,https://evil.example/path'],
    ['FUNCTION_KEY_HEADER', 'x functions key'],
    ['MAIL_FROM', 'nobody'],
    ['ALLOW_DEMO_DEFAULTS', 'everything'],
    ['METRICS_PORT', 'ninety'],
    ['CERTIFICATION_FRAME_URL', 'javascript:alert(1)'],
    ['CERTIFICATION_FRAME_ORIGINS', 'https://certs.example,not-an-origin'],
    ['DRAIN_DELAY_MS', '-5'],
    ['SHUTDOWN_TIMEOUT_MS', '0'],
  ])('refuses %s=%s with one line naming it', (variable, value) => {
    const error = configError({ [variable]: value });
    expect(error.variable).toBe(variable);
    expect(error.message.startsWith(`Configuration error: ${variable} `)).toBe(true);
    expect(error.message).not.toContain('\n');
  });

  it('never repeats a value that may hold a password', () => {
    for (const value of ['hunter2-secret', 'mysql://portal:hunter2-secret@db/portal']) {
      const error = configError({ DATABASE_URL: value });
      expect(error.variable).toBe('DATABASE_URL');
      expect(error.message).not.toContain('hunter2');
    }
    expect(configError({ SMTP_URL: 'smtp-user:hunter2-secret' }).message).not.toContain('hunter2');
  });
});

describe('configuration in production', () => {
  it('starts with every development default replaced, and seeds nothing by default', () => {
    const config = loadConfig(production);
    expect(config).toMatchObject({ production: true, seedOnStart: false, demoSocialSignIn: false, corsOrigins: [], rulesApproval: true });
    expect(config.smtpUrl).toBe(production.SMTP_URL);
    // A second product owner's approval of a rules draft: on in production unless turned off, and the other way round.
    expect(loadConfig({ ...production, RULES_APPROVAL: 'off' }).rulesApproval).toBe(false);
    expect(loadConfig({ RULES_APPROVAL: 'on' }).rulesApproval).toBe(true);
    expect(configError({ RULES_APPROVAL: 'maybe' }).variable).toBe('RULES_APPROVAL');
  });

  const refusals: [string, Record<string, string | undefined>, string, string][] = [
    ['no function key', { FUNCTION_KEY: undefined }, 'FUNCTION_KEY', 'function-key'],
    ['the demo function key', { FUNCTION_KEY: DEMO_FUNCTION_KEY }, 'FUNCTION_KEY', 'function-key'],
    ...Object.entries(DEMO_PARTNER_SECRETS).flatMap(([name, demo]): [string, Record<string, string | undefined>, string, string][] => [
      [`no ${name}`, { [name]: undefined }, name, 'partner-secrets'],
      [`the demo ${name}`, { [name]: demo }, name, 'partner-secrets'],
    ]),
    ['the mail outbox (no SMTP_URL)', { SMTP_URL: undefined }, 'SMTP_URL', 'outbox'],
    ['the demo social sign-in', { DEMO_SOCIAL_SIGNIN: 'on' }, 'DEMO_SOCIAL_SIGNIN', 'social-signin'],
    ['demo seeding', { SEED_ON_START: 'true' }, 'SEED_ON_START', 'seed'],
  ];

  it.each(refusals)('refuses %s unless ALLOW_DEMO_DEFAULTS allows it', (_what, change, variable, item) => {
    const env = Object.fromEntries(Object.entries({ ...production, ...change }).filter((entry): entry is [string, string] => entry[1] !== undefined));
    const error = configError(env);
    expect(error.variable).toBe(variable);
    expect(error.message).toContain(`ALLOW_DEMO_DEFAULTS=${item}`);
    expect(() => loadConfig({ ...env, ALLOW_DEMO_DEFAULTS: item })).not.toThrow();
    expect(() => loadConfig({ ...env, ALLOW_DEMO_DEFAULTS: 'all' })).not.toThrow();
    // Allowing another item does not allow this one.
    const other = item === 'seed' ? 'outbox' : 'seed';
    expect(configError({ ...env, ALLOW_DEMO_DEFAULTS: other }).variable).toBe(variable);
  });

  it('does not repeat a refused secret', () => {
    expect(configError({ ...production, PEARSON_SECRET: DEMO_PARTNER_SECRETS.PEARSON_SECRET }).message).not.toContain(DEMO_PARTNER_SECRETS.PEARSON_SECRET);
  });
});
