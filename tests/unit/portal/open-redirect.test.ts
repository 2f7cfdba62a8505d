import { isAbsoluteUrl, resolveReturnTo } from '../../../src/portal/ui/links/return-to';

const origin = 'http://localhost:4302';
const whitelist = ['test.certification.example', 'prep.certification.example', 'shop.certification.example', 'localhost:44397', 'localhost:3002'];

// Known open-redirect payloads (OWASP cheat sheet, PayloadsAllTheThings and browser URL-parsing
// quirks), each aimed at evil.example. None may lead anywhere but the portal or a whitelisted host.
const payloads = [
  '//evil.example',
  '//evil.example/',
  '///evil.example',
  '////evil.example',
  '/\\evil.example',
  '\\/evil.example',
  '\\\\evil.example',
  '/\\/evil.example',
  '/.//evil.example',
  '/./\\evil.example',
  '/..//evil.example',
  '/%2F%2Fevil.example',
  '/%2f/evil.example',
  '/%5Cevil.example',
  '%2F%2Fevil.example',
  '/ /evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '\t//evil.example',
  ' //evil.example',
  '/\u3002evil.example',
  '//evil\u3002example',
  '//evil%E3%80%82example',
  'https://evil.example',
  'http://evil.example',
  'HTTPS://EVIL.EXAMPLE',
  'https:evil.example',
  'https:/evil.example',
  'https:\\\\evil.example',
  'http:/\\/\\evil.example',
  '//evil.example@localhost:4302',
  'http://localhost:4302@evil.example',
  'http://localhost:4302%40evil.example',
  'http://localhost:4302.evil.example',
  'https://shop.certification.example.evil.example',
  'https://shop.certification.example@evil.example',
  'https://evil.example#shop.certification.example',
  'https://evil.example?shop.certification.example',
  'https://evil.example/shop.certification.example',
  'https://evilshop.certification.example',
  'https://shop-certification.example',
  'https://user:pass@shop.certification.example',
  'http://localhost:9999/',
  'http://localhost:443970/',
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  'java\tscript:alert(1)',
  ' javascript:alert(1)',
  'javascript://%0Aalert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://evil.example',
  '//0x7f.0x0.0x0.0x1',
  '//2130706433',
  '//[::1]/',
  '/\\/\\/evil.example',
  '//\\evil.example',
  '\\/\\/evil.example/',
  '/\u0000//evil.example',
  'http:evil.example',
  '/evil.example/..%2F..%2F%2Fevil.example',
];

const landsOn = (target: string) => new URL(target, origin);

describe('open redirects: returnto and redirectUrl', () => {
  it('has at least 50 payloads', () => expect(payloads.length).toBeGreaterThanOrEqual(50));

  it.each(payloads.map((p) => [JSON.stringify(p), p]))('%s stays on the portal or a whitelisted host', (_shown, payload) => {
    const target = resolveReturnTo(payload, whitelist, origin);
    const url = landsOn(target);
    const allowed = url.origin === origin || whitelist.includes(url.host);
    expect(allowed, `${payload} -> ${target}`).toBe(true);
    expect(url.hostname).not.toContain('evil');
    // A path for the router is never one a browser reads as another host.
    if (!isAbsoluteUrl(target)) expect(target).toMatch(/^\/(?![/\\])/);
    expect(url.username + url.password).toBe('');
  });

  it('still follows legitimate targets', () => {
    expect(resolveReturnTo('/profile?tab=1#phones', whitelist, origin)).toBe('/profile?tab=1#phones');
    expect(resolveReturnTo('https://shop.certification.example/cart?x=1', whitelist, origin)).toBe('https://shop.certification.example/cart?x=1');
    expect(resolveReturnTo('http://localhost:44397/a', whitelist, origin)).toBe('http://localhost:44397/a');
    expect(resolveReturnTo(`${origin}/account`, whitelist, origin)).toBe('/account');
    expect(resolveReturnTo('account', whitelist, origin)).toBe('/account');
    expect(resolveReturnTo(null, whitelist, origin)).toBe('/');
  });

  it('tells absolute links from paths by parsing them', () => {
    expect(isAbsoluteUrl('https://x.example')).toBe(true);
    expect(isAbsoluteUrl('//x.example')).toBe(true);
    expect(isAbsoluteUrl('/profile')).toBe(false);
  });
});
