import { describe, expect, it } from 'vitest';
import { frameSource, isAllowedOrigin, originOf, readFrameMessage } from '../../../src/portal/features/certification/frame-protocol';

const frameWindow = { name: 'frame' } as unknown as MessageEventSource;
const otherWindow = { name: 'other' } as unknown as MessageEventSource;
const allowed = ['https://localhost:3004', 'https://certs.provider.example'];
const read = (data: unknown, origin = 'https://localhost:3004', source: MessageEventSource | null = frameWindow) =>
  readFrameMessage({ data, origin, source }, { window: frameWindow, allowedOrigins: allowed });

describe('frame messages', () => {
  it.each(['frame:initialised', 'frame:manage-exams', 'frame:edit-address'])('accepts %s from the frame on an allowed origin', (type) => {
    expect(read({ type })).toEqual({ message: { type } });
    expect(read({ type }, 'https://certs.provider.example')).toEqual({ message: { type } });
  });

  it('refuses a message from any other window, even on an allowed origin', () => {
    expect(read({ type: 'frame:manage-exams' }, 'https://localhost:3004', otherWindow)).toEqual({ refused: 'source' });
    expect(read({ type: 'frame:manage-exams' }, 'https://localhost:3004', null)).toEqual({ refused: 'source' });
  });

  it.each([
    'https://localhost:3005',
    'http://localhost:3004',
    'https://localhost:3004.evil.example',
    'https://evil.example',
    'https://certs.provider.example.evil.example',
    'null',
    '',
    'data:text/html,x',
  ])('refuses origin %j', (origin) => {
    expect(read({ type: 'frame:manage-exams' }, origin)).toEqual({ refused: 'origin' });
  });

  it.each([
    ['an unknown type', { type: 'frame:navigate', to: '/' }],
    ['an unknown type alone', { type: 'frame:delete-account' }],
    ['extra fields', { type: 'frame:manage-exams', url: 'https://evil.example' }],
    ['a string', 'frame:manage-exams'],
    ['an array', [{ type: 'frame:manage-exams' }]],
    ['null', null],
    ['a number type', { type: 1 }],
    ['a portal message echoed', { type: 'portal:check' }],
    ['an object with another prototype', Object.assign(Object.create({ polluted: true }), { type: 'frame:manage-exams' })],
  ])('refuses %s', (_case, data) => {
    expect(read(data)).toEqual({ refused: 'shape' });
  });
});

describe('origins and the frame address', () => {
  it('compares parsed origins, not text', () => {
    expect(isAllowedOrigin('https://LOCALHOST:3004', allowed)).toBe(true);
    expect(isAllowedOrigin('https://localhost:3004/', allowed)).toBe(true);
    expect(isAllowedOrigin('https://user@localhost:3004', allowed)).toBe(true);
    expect(isAllowedOrigin('https://localhost', allowed)).toBe(false);
    expect(isAllowedOrigin('javascript:alert(1)', ['javascript:alert(1)'])).toBe(false);
    expect(originOf('not a url')).toBeNull();
  });

  it('adds the section and language to the configured address', () => {
    const url = frameSource('https://localhost:3004/certmetrics/embedded?tenant=a', 'continuing-education', 'ja');
    expect(url.href).toBe('https://localhost:3004/certmetrics/embedded?tenant=a&section=continuing-education&lang=ja');
    expect(url.origin).toBe('https://localhost:3004');
  });
});
