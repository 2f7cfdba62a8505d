import { failureCause, outageLog } from '../../../src/server/http/outage-log';

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const shutdown = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

function recorder() {
  const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  return {
    lines,
    log: {
      warn: (fields: object, message: string) => lines.push({ level: 'warn', fields: fields as Record<string, unknown>, message }),
      info: (fields: object, message: string) => lines.push({ level: 'info', fields: fields as Record<string, unknown>, message }),
    },
  };
}

describe('outage log', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes the stack once per kind, then one line per interval with the count, then the end', () => {
    const { lines, log } = recorder();
    const outages = outageLog(log, { intervalMs: 10_000 });
    for (let i = 0; i < 40; i++) outages.record('api', refused());
    expect(lines).toHaveLength(1);
    expect(lines[0]!.message).toBe('database unavailable');
    expect(lines[0]!.fields).toMatchObject({ source: 'api', cause: 'ECONNREFUSED', count: 1 });
    expect((lines[0]!.fields.err as Error).stack).toMatch(/ECONNREFUSED/);

    vi.advanceTimersByTime(10_000);
    expect(lines).toHaveLength(2);
    expect(lines[1]!.fields).toEqual({ source: 'api', cause: 'ECONNREFUSED', count: 39, intervalMs: 10_000 });
    expect(lines[1]!.fields).not.toHaveProperty('err');

    for (let i = 0; i < 5; i++) outages.record('api', refused());
    vi.advanceTimersByTime(10_000);
    expect(lines[2]!.fields).toMatchObject({ count: 5 });

    // An interval without failures: the outage is over, and the next failure starts a new one.
    vi.advanceTimersByTime(10_000);
    expect(lines[3]).toMatchObject({ level: 'info', message: 'database unavailable: over', fields: { total: 45 } });
    vi.advanceTimersByTime(60_000);
    expect(lines).toHaveLength(4);
    outages.record('api', refused());
    expect(lines[4]!.fields).toHaveProperty('err');
  });

  it('keeps kinds apart: by source and by cause', () => {
    const { lines, log } = recorder();
    const outages = outageLog(log, { intervalMs: 1_000 });
    outages.record('api', refused());
    outages.record('api', shutdown());
    outages.record('identity provider', refused());
    outages.record('api', refused());
    expect(lines.map((l) => [l.fields.source, l.fields.cause])).toEqual([
      ['api', 'ECONNREFUSED'],
      ['api', '57P01'],
      ['identity provider', 'ECONNREFUSED'],
    ]);
    vi.advanceTimersByTime(1_000);
    // One more of the first kind in the interval; the other two had none since (over).
    expect(lines.slice(3).map((l) => [l.level, l.fields.source, l.fields.cause, l.fields.count ?? l.fields.total])).toEqual([
      ['warn', 'api', 'ECONNREFUSED', 1],
      ['info', 'api', '57P01', 1],
      ['info', 'identity provider', 'ECONNREFUSED', 1],
    ]);
  });

  it('writes what is pending on flush and stops its timer', () => {
    const { lines, log } = recorder();
    const outages = outageLog(log, { intervalMs: 1_000 });
    outages.record('api', refused());
    outages.record('api', refused());
    outages.flush();
    expect(lines.map((l) => l.message)).toEqual(['database unavailable', 'database unavailable: 1 more']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('names the cause by code, nested code or first line', () => {
    expect(failureCause(new AggregateError([refused()], ''))).toBe('ECONNREFUSED');
    expect(failureCause(new Error('wrapped', { cause: shutdown() }))).toBe('57P01');
    expect(failureCause(new Error('Connection terminated unexpectedly\nmore'))).toBe('Connection terminated unexpectedly');
  });
});
