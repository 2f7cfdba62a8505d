// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi, request } from '../../../src/portal/clients/client';
import { setErrorReporter } from '../../../src/portal/clients/errors';
import {
  BATCH_SIZE,
  createFormActivityRecorder,
  formActivity,
  INTERVAL_MS,
  QUEUE_CAPACITY,
  resetFormActivity,
  type FormActivityEvent,
  type FormActivityRecorder,
} from '../../../src/portal/clients/form-activity';
import { MESSAGE_KEY } from '../../../src/portal/forms/activity/use-form-activity';

const opened = (n: number) => ({ type: 'form-opened', form: n % 2 ? 'profile' : 'email' }) as const;
const hide = () => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  document.dispatchEvent(new Event('visibilitychange'));
};
const show = () => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  document.dispatchEvent(new Event('visibilitychange'));
};

describe('the form-activity recorder', () => {
  let sent: Array<{ events: FormActivityEvent[]; leaving: boolean }>;
  let recorder: FormActivityRecorder;
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') });
    sent = [];
    recorder = createFormActivityRecorder({ send: (events, leaving) => void sent.push({ events, leaving }) });
  });
  afterEach(() => {
    recorder.dispose();
    vi.useRealTimers();
    show();
  });

  it('sends what was recorded in one request after 10 s, each event with its time', () => {
    recorder.record({ type: 'form-opened', form: 'profile' });
    vi.advanceTimersByTime(3000);
    recorder.record({ type: 'submit-attempted', form: 'profile' });
    recorder.record({ type: 'field-rejected', form: 'profile', field: 'primaryAddress/city', key: 'Validation.InvalidCity' });
    vi.advanceTimersByTime(INTERVAL_MS - 3001);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([
      {
        leaving: false,
        events: [
          { type: 'form-opened', form: 'profile', at: '2026-03-01T10:00:00.000Z' },
          { type: 'submit-attempted', form: 'profile', at: '2026-03-01T10:00:03.000Z' },
          { type: 'field-rejected', form: 'profile', field: 'primaryAddress/city', key: 'Validation.InvalidCity', at: '2026-03-01T10:00:03.000Z' },
        ],
      },
    ]);
    expect(recorder.pending()).toBe(0);
    vi.advanceTimersByTime(10 * INTERVAL_MS);
    expect(sent).toHaveLength(1);
  });

  it('sends at most 50 events per request and at most one request every 10 s', () => {
    for (let i = 0; i < 120; i++) recorder.record(opened(i));
    vi.advanceTimersByTime(INTERVAL_MS);
    expect(sent.map((s) => s.events.length)).toEqual([BATCH_SIZE]);
    vi.advanceTimersByTime(INTERVAL_MS - 1);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    vi.advanceTimersByTime(INTERVAL_MS);
    expect(sent.map((s) => s.events.length)).toEqual([50, 50, 20]);
    // In order, none twice.
    expect(sent.flatMap((s) => s.events).map((e) => e.form)).toEqual(Array.from({ length: 120 }, (_, i) => opened(i).form));
  });

  it('keeps at most 200 events waiting, dropping the oldest', () => {
    for (let i = 0; i < QUEUE_CAPACITY + 50; i++) recorder.record({ ...opened(i), at: String(i) } as never);
    expect(recorder.pending()).toBe(QUEUE_CAPACITY);
    recorder.flush(true);
    const all = sent.flatMap((s) => s.events);
    expect(all).toHaveLength(QUEUE_CAPACITY);
    // The 50 oldest were dropped: the first kept is the 51st recorded (an odd index: profile).
    expect(all[0]!.form).toBe(opened(50).form);
  });

  it('on pagehide: records what the leave checks say (an abandoned form), then sends everything at once for a page going away', () => {
    for (let i = 0; i < 60; i++) recorder.record(opened(i));
    const stop = recorder.whenLeaving(() => recorder.record({ type: 'form-abandoned', form: 'profile' }));
    const removed = recorder.whenLeaving(() => recorder.record({ type: 'form-abandoned', form: 'email' }));
    removed();
    window.dispatchEvent(new Event('pagehide'));
    expect(sent.map((s) => [s.events.length, s.leaving])).toEqual([
      [50, true],
      [11, true],
    ]);
    expect(sent[1]!.events.at(-1)).toMatchObject({ type: 'form-abandoned', form: 'profile' });
    expect(sent.flatMap((s) => s.events).filter((e) => e.form === 'email' && e.type === 'form-abandoned')).toEqual([]);
    // Nothing is left for the timer.
    vi.advanceTimersByTime(INTERVAL_MS * 2);
    expect(sent).toHaveLength(2);
    stop();
  });

  it('sends at once when the page is hidden (no leave checks), and nothing when it shows again', () => {
    const check = vi.fn();
    recorder.whenLeaving(check);
    recorder.record(opened(1));
    hide();
    expect(sent).toEqual([{ leaving: true, events: [expect.objectContaining({ type: 'form-opened' })] }]);
    expect(check).not.toHaveBeenCalled();
    show();
    hide();
    expect(sent).toHaveLength(1);
  });

  it('stops listening once disposed', () => {
    recorder.record(opened(1));
    recorder.dispose();
    window.dispatchEvent(new Event('pagehide'));
    vi.advanceTimersByTime(INTERVAL_MS);
    expect(sent).toEqual([]);
  });
});

describe("the portal's recorder", () => {
  const config = {
    services: { identity: 'https://portal.example', entitlements: 'https://portal.example', vendors: 'https://portal.example' },
    functionKey: 'fk-1',
    functionKeyHeader: 'x-functions-key',
  };
  const fetchImpl = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => new Response(null, { status: 204 }));
  const getToken = vi.fn(async () => 'token-1');
  beforeEach(() => {
    fetchImpl.mockClear();
    getToken.mockClear();
    resetFormActivity();
    setErrorReporter(() => undefined);
  });
  afterEach(() => {
    resetFormActivity();
    vi.useRealTimers();
  });

  it('records nothing before the client is set up, when the configuration says off, or says nothing', () => {
    configureApi(null as never);
    expect(formActivity()).toBeNull();
    configureApi({ config: { ...config, formActivity: false }, getToken, fetchImpl: fetchImpl as unknown as typeof fetch });
    expect(formActivity()).toBeNull();
    resetFormActivity();
    configureApi({ config, getToken, fetchImpl: fetchImpl as unknown as typeof fetch });
    expect(formActivity()).toBeNull();
  });

  it('posts batches through the client with the bearer token, and on leave with keepalive and the last token, without waiting for a new one', async () => {
    vi.useFakeTimers();
    configureApi({ config: { ...config, formActivity: true }, getToken, fetchImpl: fetchImpl as unknown as typeof fetch });
    const recorder = formActivity()!;
    expect(formActivity()).toBe(recorder);
    recorder.record({ type: 'submit-attempted', form: 'profile' });
    await vi.advanceTimersByTimeAsync(INTERVAL_MS);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('https://portal.example/api/form-activity');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer token-1');
    expect(JSON.parse(String(init?.body))).toEqual([{ type: 'submit-attempted', form: 'profile', at: expect.any(String) }]);
    expect(init?.keepalive).toBe(false);

    getToken.mockClear();
    recorder.record({ type: 'form-abandoned', form: 'profile' });
    window.dispatchEvent(new Event('pagehide'));
    // Sent in the pagehide handler itself: no await between the page going and the request.
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    const [leaveUrl, leave] = fetchImpl.mock.calls[1]!;
    expect(leaveUrl).toBe('https://portal.example/api/form-activity');
    expect(leave?.keepalive).toBe(true);
    expect(new Headers(leave?.headers).get('authorization')).toBe('Bearer token-1');
    expect(new Headers(leave?.headers).get('x-functions-key')).toBe('fk-1');
    expect(JSON.parse(String(leave?.body))).toEqual([{ type: 'form-abandoned', form: 'profile', at: expect.any(String) }]);
    expect(getToken).not.toHaveBeenCalled();
  });

  it('on leave before any call had a token, goes through the client (keepalive) and gets one', async () => {
    configureApi({ config: { ...config, formActivity: true }, getToken, fetchImpl: fetchImpl as unknown as typeof fetch });
    formActivity()!.record({ type: 'form-opened', form: 'email' });
    window.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(1));
    expect(getToken).toHaveBeenCalledTimes(1);
    expect(fetchImpl.mock.calls[0]![1]?.keepalive).toBe(true);
    // The token of that call is the one the next leave uses.
    await request('identity', 'GET', '/api/announcements/');
    expect(getToken).toHaveBeenCalledTimes(2);
  });
});

describe('what the portal sends matches what the services take', () => {
  it('takes the same message keys as the request schema', () => {
    const schema = JSON.parse(readFileSync('schemas/api/form-activity-request.schema.json', 'utf8'));
    expect(MESSAGE_KEY.source).toBe(schema.$defs.event.properties.key.pattern);
  });
});
