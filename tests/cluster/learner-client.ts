import { fetch, type Agent } from 'undici';
import { DEMO_FUNCTION_KEY } from '../../src/server/config';
import { LEARNER_ID, LEARNER_PASSWORD } from '../../src/server/seed/demo-data';
import { absolute, authorizeUrl, Browser, pkce, submitSignIn } from '../integration/idp/harness';

export const LEARNER = { id: LEARNER_ID, email: 'learner@example.com', password: LEARNER_PASSWORD };

export interface Answer {
  status: number;
  /** INSTANCE_ID of the instance that answered (x-instance-id), if any did. */
  instance: string | null;
  etag: string | null;
  /** Retry-After of a 503 or 429, if any. */
  retryAfter: string | null;
  body: unknown;
}

/**
 * A learner's browser through the load balancer: signs in on the one public issuer (authorization
 * code + PKCE, as the portal does), then calls /api with the access token. Every answer's instance
 * is recorded, so a test can see which instances took part.
 */
export class LearnerClient {
  readonly instances: string[] = [];
  private accessToken = '';
  private readonly browser: Browser;

  constructor(
    private readonly portalOrigin: string,
    private readonly issuer: string,
    private readonly agent: Agent,
  ) {
    this.browser = new Browser(agent);
  }

  private note(instance: string | null): void {
    if (instance) this.instances.push(instance);
  }

  /** Signs in through the identity provider behind the load balancer; returns the instances each step hit. */
  async signIn(email = LEARNER.email, password = LEARNER.password): Promise<string[]> {
    const before = this.instances.length;
    const { verifier, challenge } = pkce();
    const redirectUri = `${this.portalOrigin}/auth/redirect`;
    const interaction = await this.openInteraction(challenge);
    const { code, res, html } = await submitSignIn(this.browser, this.issuer, interaction, { email, password });
    this.note(res.headers.get('x-instance-id'));
    if (!code) throw new Error(`sign-in failed (${res.status}): ${html.slice(0, 300)}`);
    const token = await fetch(`${this.issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: this.portalOrigin },
      body: new URLSearchParams({ client_id: 'portal', grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier }).toString(),
      dispatcher: this.agent,
    });
    this.note(token.headers.get('x-instance-id'));
    const tokens = (await token.json()) as { access_token?: string };
    if (token.status !== 200 || !tokens.access_token) throw new Error(`token request answered ${token.status}: ${JSON.stringify(tokens)}`);
    this.accessToken = tokens.access_token;
    return this.instances.slice(before);
  }

  /** The access token the last sign-in got. */
  get token(): string {
    return this.accessToken;
  }

  /**
   * A new authorization request in the same browser: true when the provider's session (its cookies)
   * still stands and the portal gets a code without the sign-in page; false when it asks to sign in.
   */
  async stillSignedIn(): Promise<boolean> {
    const redirectUri = `${this.portalOrigin}/auth/redirect`;
    let res = await this.browser.request(authorizeUrl(this.issuer, pkce().challenge, { redirect_uri: redirectUri, scope: 'openid profile email' }));
    for (let hops = 0; res.status === 303 && hops < 10; hops++) {
      const location = absolute(this.issuer, res.headers.get('location'));
      if (!location.startsWith(this.issuer)) return new URL(location).searchParams.has('code');
      res = await this.browser.request(location);
    }
    await res.arrayBuffer();
    return false;
  }

  /** The authorization request and the sign-in page: the interaction's URL. */
  private async openInteraction(challenge: string): Promise<string> {
    const redirectUri = `${this.portalOrigin}/auth/redirect`;
    const start = await this.browser.request(authorizeUrl(this.issuer, challenge, { redirect_uri: redirectUri, scope: 'openid profile email' }));
    this.note(start.headers.get('x-instance-id'));
    if (start.status !== 303) throw new Error(`authorization request answered ${start.status}: ${await start.text()}`);
    const interaction = absolute(this.issuer, start.headers.get('location'));
    const page = await this.browser.request(interaction);
    this.note(page.headers.get('x-instance-id'));
    await page.arrayBuffer();
    return interaction;
  }

  /** One post of the sign-in form: 303 (signed in), 401 (wrong password) or 429 (throttled), and who answered. */
  async attemptSignIn(email: string, password: string, headers: Record<string, string> = {}): Promise<{ status: number; instance: string | null }> {
    const interaction = await this.openInteraction(pkce().challenge);
    const res = await this.browser.request(`${interaction}/login`, { form: { email, password }, headers });
    await res.arrayBuffer();
    const instance = res.headers.get('x-instance-id');
    this.note(instance);
    return { status: res.status, instance };
  }

  /** One /api call with the learner's access token and the function key (the demo's, allowed here); through the load balancer unless `origin` names an instance. */
  async api(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    signal?: AbortSignal,
    origin = this.portalOrigin,
  ): Promise<Answer> {
    const res = await fetch(`${origin}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.accessToken}`,
        'x-functions-key': DEMO_FUNCTION_KEY,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      dispatcher: this.agent,
      signal,
    });
    const text = await res.text();
    const instance = res.headers.get('x-instance-id');
    this.note(instance);
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (an HAProxy error page): kept as text.
    }
    return { status: res.status, instance, etag: res.headers.get('etag'), retryAfter: res.headers.get('retry-after'), body: parsed };
  }
}
