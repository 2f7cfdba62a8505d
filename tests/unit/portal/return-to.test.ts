import { describe, expect, it } from 'vitest';
import { isAbsoluteUrl, resolveReturnTo } from '../../../src/portal/ui/links/return-to';

const origin = 'http://localhost:4302';
const whitelist = ['shop.certification.example', 'localhost:44397', 'localhost:3002'];

describe('returnto (docs/behaviour.md#screens-and-routes)', () => {
  it('follows a whitelisted host', () => {
    expect(resolveReturnTo('https://shop.certification.example/cart?x=1', whitelist, origin)).toBe('https://shop.certification.example/cart?x=1');
    expect(resolveReturnTo('http://localhost:44397/a', whitelist, origin)).toBe('http://localhost:44397/a');
  });

  it('goes to / for any other host, scheme or missing value', () => {
    expect(resolveReturnTo('https://evil.example/', whitelist, origin)).toBe('/');
    expect(resolveReturnTo('https://shop.certification.example.evil.example/', whitelist, origin)).toBe('/');
    expect(resolveReturnTo('http://localhost:9999/', whitelist, origin)).toBe('/');
    expect(resolveReturnTo('javascript:alert(1)', whitelist, origin)).toBe('/');
    expect(resolveReturnTo('//evil.example/x', whitelist, origin)).toBe('/');
    expect(resolveReturnTo(null, whitelist, origin)).toBe('/');
    expect(resolveReturnTo('', whitelist, origin)).toBe('/');
  });

  it('keeps paths inside the portal', () => {
    expect(resolveReturnTo('/profile?tab=1#phones', whitelist, origin)).toBe('/profile?tab=1#phones');
  });

  it('tells absolute links from relative ones', () => {
    expect(isAbsoluteUrl('https://x.example')).toBe(true);
    expect(isAbsoluteUrl('//x.example')).toBe(true);
    expect(isAbsoluteUrl('/profile')).toBe(false);
  });
});
