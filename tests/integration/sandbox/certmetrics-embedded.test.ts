import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { partnerJwt } from '../../../src/server/vendors/partner-tokens';
import { PORTAL, useSandbox } from './harness';

// The embedded certification page: served to be framed by the portal only, and its session route
// answers a learner's records only for a token the services signed for the certification partner.
const sandbox = useSandbox();
const { config } = sandbox;

const token = (email: string, { secret = config.secrets.certMetrics, audience = 'certmetrics', issuer = PORTAL } = {}) =>
  partnerJwt(secret, { email, given_name: 'Alex', family_name: 'Rivera', external_id: 'account-1' }, { issuer, audience, subject: 'account-1' });
const expiredToken = () =>
  new SignJWT({ email: 'learner@example.com' })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(PORTAL)
    .setAudience('certmetrics')
    .setIssuedAt(Math.floor(Date.now() / 1000) - 600)
    .setExpirationTime(Math.floor(Date.now() / 1000) - 300)
    .sign(new TextEncoder().encode(config.secrets.certMetrics));
const session = (body: unknown) => sandbox.app.inject({ method: 'POST', url: '/certmetrics/embedded/session', payload: body as object });

describe('embedded certification page', () => {
  it('may be framed by the portal alone, runs its own script and names the portal it listens to', async () => {
    const response = await sandbox.app.inject({ method: 'GET', url: '/certmetrics/embedded?section=exams' });
    expect(response.statusCode).toBe(200);
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain(`frame-ancestors 'self' ${PORTAL}`);
    expect(policy).toContain("script-src 'self'");
    expect(response.body).toContain('<script src="/certmetrics/embedded.js"></script>');
    expect(response.body).toContain(`data-portal-origin="${PORTAL}"`);
    expect(response.body).toContain('data-request="manage-exams"');
    expect(response.body).toContain('data-request="edit-address"');
    const script = await sandbox.app.inject({ method: 'GET', url: '/certmetrics/embedded.js' });
    expect(script.headers['content-type']).toContain('application/javascript');
    expect(script.body).toContain('event.origin !== portalOrigin');
  });

  it("answers the learner's own records for a valid token", async () => {
    const response = await session({ token: await token('Learner@Example.com') });
    expect(response.statusCode).toBe(200);
    const record = response.json();
    expect(record.email).toBe('Learner@Example.com');
    expect(record.name).toBe('Alex Rivera');
    expect(record.certifications.map((c: { code: string }) => c.code)).toEqual(['SEC', 'NET']);
    expect(record.continuingEducation.length).toBeGreaterThan(0);
    expect(record.exams.length).toBeGreaterThan(0);
  });

  it('answers empty lists for a learner the partner has no records of', async () => {
    const record = (await session({ token: await token('someone.new@example.com') })).json();
    expect(record).toMatchObject({ exams: [], certifications: [], continuingEducation: [] });
  });

  it.each([
    ['no token', async () => ({})],
    ['a token that is not a string', async () => ({ token: 42 })],
    ['another secret', async () => ({ token: await token('learner@example.com', { secret: 'not-the-partner-secret' }) })],
    ['another audience', async () => ({ token: await token('learner@example.com', { audience: 'skillable' }) })],
    ['another issuer', async () => ({ token: await token('learner@example.com', { issuer: 'https://evil.example' }) })],
    ['an expired token', async () => ({ token: await expiredToken() })],
  ])('refuses %s', async (_case, body) => {
    const response = await session(await body());
    expect(response.statusCode).toBe(401);
    expect(response.json()).not.toHaveProperty('certifications');
  });
});
