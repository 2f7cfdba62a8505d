// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CertificationFrame } from '../../../src/portal/features/certification/components/certification-frame';
import { fakeApi, pageHarness, storedProfile } from './support';

// The portal's side of the frame protocol, with the clock in the test's hands: the token 1 s after
// the frame loads, a check every 500 ms until the frame answers, requests only from the frame.
const FRAME_URL = 'https://certs.partner.test/embedded';
const FRAME_ORIGIN = 'https://certs.partner.test';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  cleanup();
});

function setup({ allowedOrigins = [FRAME_ORIGIN], active = true } = {}) {
  const calls = fakeApi((call) => (call.url.includes('/certmetrics/tokens/') ? { body: { token: 'partner-token' } } : undefined));
  const onManageExams = vi.fn();
  const onEditAddress = vi.fn();
  const harness = pageHarness(<CertificationFrame active={active} section="exams" onManageExams={onManageExams} onEditAddress={onEditAddress} />, {
    profile: storedProfile(),
    path: '/certification/exams',
    config: { certificationFrame: { url: FRAME_URL, allowedOrigins } },
  });
  render(harness.ui);
  const iframe = document.querySelector('iframe') as HTMLIFrameElement | null;
  const frameWindow = iframe?.contentWindow as Window;
  const posted: { message: unknown; target: string }[] = [];
  if (frameWindow) vi.spyOn(frameWindow, 'postMessage').mockImplementation(((message: unknown, target: string) => posted.push({ message, target })) as never);
  const fromFrame = (data: unknown, { origin = FRAME_ORIGIN, source = frameWindow as MessageEventSource | null } = {}) =>
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
    });
  return { iframe, posted, calls, fromFrame, onManageExams, onEditAddress };
}

const types = (posted: { message: unknown }[]) => posted.map((p) => (p.message as { type: string }).type);

describe('certification frame', () => {
  it('points at the configured page with the section and language, titled', () => {
    const { iframe } = setup();
    expect(iframe?.getAttribute('src')).toBe(`${FRAME_URL}?section=exams&lang=en`);
    expect(iframe?.getAttribute('title')).toBe('Your certifications, exams and continuing education');
  });

  it('posts the token 1 s after load, to the frame origin only, then checks every 500 ms until answered', async () => {
    const { iframe, posted, calls, fromFrame } = setup();
    fireEvent.load(iframe as HTMLIFrameElement);
    await act(() => vi.advanceTimersByTimeAsync(990));
    expect(posted).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(posted).toEqual([{ message: { type: 'portal:token', token: 'partner-token' }, target: FRAME_ORIGIN }]);
    expect(calls.find((c) => c.url.includes('/certmetrics/tokens/'))?.url).toBe('/api/vendors/certmetrics/tokens/account-1');

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(types(posted)).toEqual(['portal:token', 'portal:check', 'portal:check']);
    expect(posted.every((p) => p.target === FRAME_ORIGIN)).toBe(true);

    const before = posted.length;
    fromFrame({ type: 'frame:initialised' });
    expect(iframe?.getAttribute('data-state')).toBe('initialised');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    // No more checks; the section is announced once initialised.
    expect(types(posted.slice(before))).toEqual(['portal:show']);
    expect(posted.at(-1)?.message).toEqual({ type: 'portal:show', section: 'exams' });
  });

  it("acts on the frame's requests, and on nothing else", async () => {
    const { fromFrame, onManageExams, onEditAddress } = setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fromFrame({ type: 'frame:manage-exams' });
    fromFrame({ type: 'frame:edit-address' });
    expect(onManageExams).toHaveBeenCalledTimes(1);
    expect(onEditAddress).toHaveBeenCalledTimes(1);

    fromFrame({ type: 'frame:manage-exams' }, { origin: 'https://evil.example' });
    fromFrame({ type: 'frame:manage-exams' }, { source: window });
    fromFrame({ type: 'frame:edit-address', next: '/account' });
    fromFrame({ type: 'frame:open', url: 'https://evil.example' });
    expect(onManageExams).toHaveBeenCalledTimes(1);
    expect(onEditAddress).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(4);
    warn.mockRestore();
  });

  it('offers a retry when the frame never answers', async () => {
    const { iframe } = setup();
    fireEvent.load(iframe as HTMLIFrameElement);
    await act(() => vi.advanceTimersByTimeAsync(1000 + 61 * 500));
    expect(screen.getByRole('alert').textContent).toContain('We could not load your certification records.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('refuses to frame a page whose origin it would not accept messages from', () => {
    setup({ allowedOrigins: ['https://other.partner.test'] });
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('Certification records are not available at the moment.');
  });

  it('is hidden, not removed, away from the certification routes', () => {
    const { iframe } = setup({ active: false });
    expect(iframe).not.toBeNull();
    expect(iframe?.hidden).toBe(true);
  });
});
