import { describe, expect, it } from 'vitest';
import { partnerJwt, pearsonHash, zendeskJwt } from '../../../src/server/vendors/partner-tokens';
import { PORTAL, useSandbox } from './harness';

const sandbox = useSandbox();
const { config } = sandbox;
const secrets = config.secrets;

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  sandbox.app.inject({ method: 'POST', url, payload: form(fields), headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });
const verdict = (html: string) => /data-valid="(true|false)"/.exec(html)?.[1];
const received = (html: string, name: string) => new RegExp(`data-field="${name}">([^<]*)<`).exec(html)?.[1];

function pearsonLaunch(overrides: Record<string, string | undefined> = {}, { timestamp = Date.now(), secret = secrets.pearsonVue } = {}) {
  const base = { clientCode: config.pearsonClientCode, vueCandidateId: '900000031', externalPageTimestamp: String(timestamp), externalSessionTimeout: '30' };
  const fields: Record<string, string | undefined> = {
    CLIENT_CODE: base.clientCode,
    VUE_CANDIDATE_ID: base.vueCandidateId,
    EXTERNAL_PAGE_TIMESTAMP: base.externalPageTimestamp,
    EXTERNAL_ERROR_URL: `${PORTAL}/exam-error`,
    EXTERNAL_LOGOUT_URL: `${PORTAL}/`,
    EXTERNAL_RETURN_URL: `${PORTAL}/home`,
    EXTERNAL_TIMEOUT_URL: `${PORTAL}/exam-error`,
    EXTERNAL_SESSION_TIMEOUT: base.externalSessionTimeout,
    LOCALE_CODE: 'en_US',
    HIDE_CONFIRM_PERSONAL_INFO_PAGE: 'True',
    ACTION: 'SCHEDULE_EXAM',
    EXTERNAL_AUTH_HASH: pearsonHash(secret, base),
    ...overrides,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Record<string, string>;
}
const errorCodeOf = (location: string | undefined) => new URL(location ?? 'x:').searchParams.get('errorCode');

describe('Pearson VUE', () => {
  it('accepts a launch with every field right, and shows what it received', async () => {
    const response = await post('/pearson/sso', pearsonLaunch());
    expect(response.statusCode).toBe(200);
    expect(verdict(response.body)).toBe('true');
    expect(received(response.body, 'VUE_CANDIDATE_ID')).toBe('900000031');
    expect(received(response.body, 'LOCALE_CODE')).toBe('en_US');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it.each([
    ['a missing field', pearsonLaunch({ VUE_CANDIDATE_ID: undefined }), 'ERROR_MISSING_REQUIRED_PARAMETERS'],
    ['another client code', pearsonLaunch({ CLIENT_CODE: 'SOMEONE' }), 'ERROR_CLIENT_NOT_SUPPORTED'],
    [
      'a tampered hash',
      pearsonLaunch({
        EXTERNAL_AUTH_HASH: pearsonHash('wrong-secret', {
          clientCode: 'CERTPORTAL',
          vueCandidateId: '900000031',
          externalPageTimestamp: '1',
          externalSessionTimeout: '30',
        }),
      }),
      'ERROR_INVALID_PAYLOAD',
    ],
    ['a changed candidate id under the old hash', { ...pearsonLaunch(), VUE_CANDIDATE_ID: '900000099' }, 'ERROR_INVALID_PAYLOAD'],
    ['a return URL on another origin', pearsonLaunch({ EXTERNAL_RETURN_URL: 'https://evil.example/home' }), 'ERROR_INVALID_PAYLOAD'],
    ['a look-alike origin', pearsonLaunch({ EXTERNAL_LOGOUT_URL: 'http://portal.test:3002.evil.example/' }), 'ERROR_INVALID_PAYLOAD'],
    ['an unknown locale', pearsonLaunch({ LOCALE_CODE: 'fr_FR' }), 'ERROR_INVALID_PAYLOAD'],
    ['a confirm page not hidden', pearsonLaunch({ HIDE_CONFIRM_PERSONAL_INFO_PAGE: 'False' }), 'ERROR_INVALID_PAYLOAD'],
    ['a stale timestamp', pearsonLaunch({}, { timestamp: Date.now() - 31 * 60_000 }), 'ERROR_SESSION_TIMEOUT'],
    ['a timestamp from the future', pearsonLaunch({}, { timestamp: Date.now() + 5 * 60_000 }), 'ERROR_SESSION_TIMEOUT'],
  ])('refuses %s, sending the learner back to the portal with the code', async (_case, fields, code) => {
    const response = await post('/pearson/sso', fields);
    expect(response.statusCode).toBe(303);
    expect(new URL(response.headers.location as string).origin).toBe(PORTAL);
    expect(errorCodeOf(response.headers.location as string)).toBe(code);
  });

  it('never redirects to an error URL on another origin', async () => {
    for (const errorUrl of ['https://evil.example/exam-error', '//evil.example/x', 'javascript:alert(1)']) {
      const response = await post('/pearson/sso', pearsonLaunch({ EXTERNAL_ERROR_URL: errorUrl }));
      expect(response.statusCode).toBe(400);
      expect(response.headers.location).toBeUndefined();
      expect(verdict(response.body)).toBe('false');
    }
  });

  it('sends the learner back with each of the nine codes from its page, only for a launch it accepted', async () => {
    const page = await post('/pearson/sso', pearsonLaunch());
    const launch = /name="launch" value="([^"]+)"/.exec(page.body)?.[1] as string;
    const codes = [...page.body.matchAll(/name="code" value="([A-Z_]+)"/g)].map((m) => m[1]);
    expect(codes).toHaveLength(9);
    for (const code of codes) {
      const response = await post('/pearson/error', { launch, code: code! });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(`${PORTAL}/exam-error?errorCode=${code}`);
    }
    expect((await post('/pearson/error', { launch: 'made-up', code: 'ERROR' })).statusCode).toBe(400);
    expect((await post('/pearson/error', { launch, code: 'NOT_A_CODE' })).statusCode).toBe(400);
  });

  it('escapes what it shows', async () => {
    const response = await post('/pearson/sso', pearsonLaunch({ ACTION: '<script>alert(1)</script>' }));
    expect(response.body).not.toContain('<script>alert(1)');
    expect(response.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

describe('Zendesk', () => {
  const user = { name: 'Alex Rivera', email: 'learner@example.com', externalId: 'account-1' };

  it('signs in with a valid JWT and follows return_to inside its help centre', async () => {
    const response = await post('/zendesk/access/jwt', {
      jwt: await zendeskJwt(secrets.zendesk, user),
      return_to: 'https://sandbox.test:3004/zendesk/hc/articles/42',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/zendesk/hc/articles/42');
    const cookie = String(response.headers['set-cookie']).split(';')[0] as string;
    expect(String(response.headers['set-cookie'])).toContain('HttpOnly');
    const page = await sandbox.app.inject({ method: 'GET', url: '/zendesk/hc/articles/42', headers: { cookie } });
    expect(verdict(page.body)).toBe('true');
    expect(received(page.body, 'email')).toBe('learner@example.com');
    expect(received(page.body, 'name')).toBe('Alex Rivera');
  });

  it('does not follow return_to to another host', async () => {
    for (const returnTo of ['https://evil.example/zendesk/hc', '//evil.example/zendesk/hc', 'https://sandbox.test:3004/pearson/sso']) {
      const response = await post('/zendesk/access/jwt', { jwt: await zendeskJwt(secrets.zendesk, user), return_to: returnTo });
      expect(response.headers.location).toBe('/zendesk/hc');
    }
  });

  it('refuses a token signed with another secret, a reused token, and a token without its claims', async () => {
    expect((await post('/zendesk/access/jwt', { jwt: await zendeskJwt('wrong-secret', user) })).statusCode).toBe(401);
    const once = await zendeskJwt(secrets.zendesk, user);
    expect((await post('/zendesk/access/jwt', { jwt: once })).statusCode).toBe(303);
    expect((await post('/zendesk/access/jwt', { jwt: once })).statusCode).toBe(401);
    const noEmail = await partnerJwt(secrets.zendesk, { name: 'x' }, { issuer: 'i', audience: 'a', subject: 's' });
    expect((await post('/zendesk/access/jwt', { jwt: noEmail })).statusCode).toBe(401);
    expect((await post('/zendesk/access/jwt', {})).statusCode).toBe(401);
  });

  it('shows the help centre as not signed in without its cookie, and serves the widget files', async () => {
    expect(verdict((await sandbox.app.inject({ method: 'GET', url: '/zendesk/hc' })).body)).toBe('false');
    const widget = await sandbox.app.inject({ method: 'GET', url: '/zendesk/widget.js' });
    expect(widget.statusCode).toBe(200);
    expect(widget.headers['content-type']).toContain('application/javascript');
    expect(widget.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});

describe('CertMetrics and Skillable', () => {
  const token = (secret: string, audience: string, issuer = PORTAL) =>
    partnerJwt(
      secret,
      { email: 'learner@example.com', name: 'Alex', given_name: 'Alex', family_name: 'Rivera', external_id: 'account-1' },
      { issuer, audience, subject: 'account-1' },
    );

  it('accepts their own tokens and shows the claims and ReturnUrl', async () => {
    const cm = await sandbox.app.inject({
      method: 'GET',
      url: `/certmetrics/sso?token=${await token(secrets.certMetrics, 'certmetrics')}&ReturnUrl=${encodeURIComponent('https://x.test/y')}`,
    });
    expect(verdict(cm.body)).toBe('true');
    expect(received(cm.body, 'email')).toBe('learner@example.com');
    expect(received(cm.body, 'ReturnUrl')).toBe('https://x.test/y');
    const lab = await sandbox.app.inject({ method: 'GET', url: `/skillable/sso?token=${await token(secrets.skillable, 'skillable')}` });
    expect(verdict(lab.body)).toBe('true');
  });

  it.each([
    ['another secret', () => token('wrong', 'certmetrics')],
    ['another audience', () => token(secrets.certMetrics, 'skillable')],
    ['another issuer', () => token(secrets.certMetrics, 'certmetrics', 'https://evil.example')],
  ])('refuses a CertMetrics token with %s', async (_case, make) => {
    const response = await sandbox.app.inject({ method: 'GET', url: `/certmetrics/sso?token=${await make()}` });
    expect(response.statusCode).toBe(401);
    expect(verdict(response.body)).toBe('false');
  });

  it('refuses an expired token', async () => {
    const { SignJWT } = await import('jose');
    const expired = await new SignJWT({ email: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(PORTAL)
      .setAudience('skillable')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 300)
      .sign(new TextEncoder().encode(secrets.skillable));
    expect((await sandbox.app.inject({ method: 'GET', url: `/skillable/sso?token=${expired}` })).statusCode).toBe(401);
  });

  it('refuses a ReturnUrl that is not an absolute http(s) URL', async () => {
    const response = await sandbox.app.inject({
      method: 'GET',
      url: `/certmetrics/sso?token=${await token(secrets.certMetrics, 'certmetrics')}&ReturnUrl=javascript:alert(1)`,
    });
    expect(verdict(response.body)).toBe('false');
  });
});

describe('plain partners', () => {
  it.each([
    ['/certmaster/productviewer/CM-SEC-701/default', 'certMaster', 'target', 'Course'],
    ['/certmaster/my-courses', 'certMaster', 'target', 'MyCourses'],
    ['/certmaster/mycampus', 'certMaster', 'target', 'MySchools'],
    ['/certmaster/mycampus/campus-1001', 'certMaster', 'campus', 'campus-1001'],
    ['/certmaster/employeetools', 'certMaster', 'target', 'EmployeeTools'],
    ['/cmp/?classroom=class-501', 'certMasterPractice', 'classroom', 'class-501'],
    ['/benchprep/?return_to=https%3A%2F%2Fportal.test%2Fhome', 'benchPrep', 'return_to', 'https://portal.test/home'],
    ['/canvas/', 'canvas', null, null],
    ['/gutenberg/', 'gutenberg', null, null],
    ['/populi/', 'populi', null, null],
  ])('%s is valid', async (url, partner, name, value) => {
    const response = await sandbox.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`data-partner="${partner}"`);
    expect(verdict(response.body)).toBe('true');
    if (name) expect(received(response.body, name)).toBe(value);
  });

  it.each(['/certmaster/productviewer/%3Cscript%3E/default', '/cmp/?classroom=%22%3E%3Cx', '/canvas/?return_to=javascript:alert(1)', '/certmaster/elsewhere'])(
    '%s is refused',
    async (url) => {
      const response = await sandbox.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(verdict(response.body)).toBe('false');
      expect(response.body).not.toMatch(/<script|"><x/);
    },
  );
});
