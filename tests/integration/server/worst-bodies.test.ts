import { isAdminRoute } from '../../../src/server/http/auth';
import { MAX_PARAM_LENGTH } from '../../../src/server/http/schema-refs';
import { hostileImports } from '../texts/hostile-imports';
import { roleHeaders } from '../rules/support';
import { learner, useTestServer } from './harness';
import { loopHeldDuring, slowestBeside } from './loop-delay';
import { type Components, FLOOD_BYTES, fitted, floods, worstWithin } from './worst-bodies';

// One request must never hold an instance: every route of the services gets its worst bodies and
// parameters (within the bounds, and floods beyond them up to the body limit), and each answer must
// come within its budget (BUDGET_MS) with the event loop never held longer than BUDGET_MS while it is
// made. Admin routes are called with a token carrying every admin role, so their bodies are read,
// not refused for the role: every admin write (POST, PUT, DELETE under /api/admin/ in the OpenAPI
// document, rules and texts) must answer 4xx, and the texts import gets the import files made to
// break its reader too (nested and wide, XLIFF and JSON), with a budget of its own for the answer
// (the file is read in a thread) and the same one for the event loop. The table of what each took
// is printed. Each case runs once unmeasured, so validators the services compile on first use (the
// form schemas) and the import thread's start are not counted, then three times, and the best counts.

const BUDGET_MS = 100;
/** An import file's answer: read and refused in the import thread (the event loop's budget is BUDGET_MS still). */
const IMPORT_BUDGET_MS = 1_000;
const WRITES = new Set(['post', 'put', 'patch', 'delete']);

interface Operation {
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  parameters?: Array<{ in: string; name: string; schema?: { maxLength?: number } }>;
}
interface Case {
  operation: string;
  name: string;
  method: string;
  url: string;
  body?: string;
  /** Called as an account with every admin role (an admin route). */
  admin: boolean;
  budgetMs: number;
}

/**
 * Whether an answer refuses the body: a 4xx, or a check's 200 that saves nothing and carries its
 * refusals (`POST …/check`, whose answer schema has `refusals`).
 */
function refusedIn(status: number, body: string): boolean {
  if (status >= 400 && status < 500) return true;
  if (status !== 200) return false;
  try {
    const refusals = (JSON.parse(body) as { refusals?: unknown }).refusals;
    return Array.isArray(refusals) && refusals.length > 0;
  } catch {
    return false;
  }
}

const paramValue = (path: string, name: string): string => {
  if (name === 'accountId' || (name === 'id' && path.startsWith('/api/accounts/'))) return learner.accountId;
  if (name === 'email') return 'learner@example.com';
  if (name === 'accessKey') return 'DEMO-OWNED-0004';
  if (name === 'ssoId') return learner.accountId;
  // A version no one published: the body is read and checked, and nothing is rolled back.
  if (name === 'number') return '99999';
  return learner.profileId;
};

function casesOf(paths: Record<string, Record<string, Operation>>, components: Components): Case[] {
  const cases: Case[] = [];
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const label = `${method.toUpperCase()} ${path}`;
      const add = (name: string, url: string, body?: string, budgetMs = BUDGET_MS) =>
        cases.push({ operation: label, name, method, url, admin: isAdminRoute(path), budgetMs, ...(body === undefined ? {} : { body }) });
      const fill = (value: (name: string) => string) => path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(value(name)));
      const own = fill((name) => paramValue(path, name));
      const query = (operation.parameters ?? []).filter((p) => p.in === 'query');
      const longQuery = query.map((p) => `${p.name}=${'x'.repeat((p.schema?.maxLength ?? MAX_PARAM_LENGTH) - 1)}%C5%BF`).join('&');
      add('longest query', longQuery ? `${own}?${longQuery}` : own);
      if (path.includes('{')) {
        add(
          `parameters of ${MAX_PARAM_LENGTH}`,
          fill(() => 'x'.repeat(MAX_PARAM_LENGTH)),
        );
        add(
          'parameters of 5,000',
          fill(() => 'x'.repeat(5000)),
        );
      }
      const schema = operation.requestBody?.content['application/json']?.schema;
      if (!schema) continue;
      // The learner's own ids in the body, so the rules past the ownership check run too.
      const worst = worstWithin(schema, components) as Record<string, unknown>;
      for (const name of ['id', 'profileId', 'accountId', 'ssoId']) if (name in worst) worst[name] = paramValue(path, name === 'id' ? 'profileId' : name);
      add('worst within bounds', own, JSON.stringify(worst));
      // Within the bounds the body may be larger than the body limit (413): the same, cut to fit, is read.
      if (JSON.stringify(worst).length > FLOOD_BYTES) add('worst within bounds and the body limit', own, JSON.stringify(fitted(worst, FLOOD_BYTES)));
      for (const flood of floods(schema, components)) add(flood.name, own, flood.body);
      // The texts import's own worst: files made to break its reader, within the content limit.
      if (path === '/api/admin/texts/import' && method === 'post') {
        for (const file of hostileImports()) add(file.name, own, JSON.stringify(file.body), IMPORT_BUDGET_MS);
      }
    }
  }
  return cases;
}

describe('the worst body of every route', () => {
  const server = useTestServer('pglite');

  it('measures how long the event loop is held (a 150 ms block shows as one, also at the very start)', async () => {
    const block = async () => {
      const until = performance.now() + 150;
      while (performance.now() < until);
    };
    expect((await loopHeldDuring(block)).loopMs).toBeGreaterThan(BUDGET_MS);
    expect((await loopHeldDuring(async () => void (await new Promise((resolve) => setTimeout(resolve, 20))))).loopMs).toBeLessThan(BUDGET_MS);
  });

  it('is answered within its budget, and the event loop is never held longer than 100 ms', async () => {
    const { app } = server();
    const document = app.swagger() as unknown as { paths: Record<string, Record<string, Operation>>; components: { schemas: Components } };
    const cases = casesOf(document.paths, document.components.schemas);
    const operations = new Set(cases.map((c) => c.operation));
    expect(operations.size).toBeGreaterThanOrEqual(30);
    // Every admin write of the document is among them, by its own path: a new one is covered by itself.
    const adminWrites = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((method) => isAdminRoute(path) && WRITES.has(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(adminWrites.length).toBeGreaterThanOrEqual(17);
    expect(adminWrites.filter((operation) => !operations.has(operation))).toEqual([]);
    const learnerHeaders = { ...(await server().headers(learner.accountId)), 'content-type': 'application/json' };
    const adminHeaders = { ...(await roleHeaders(server(), learner.accountId, ['product-owner', 'localisation'])), 'content-type': 'application/json' };

    const run = async (c: Case) => {
      const headers = c.admin ? adminHeaders : learnerHeaders;
      const { result, loopMs } = await loopHeldDuring(async () => {
        const started = performance.now();
        const res = await app.inject({ method: c.method.toUpperCase() as 'GET', url: c.url, headers, ...(c.body === undefined ? {} : { payload: c.body }) });
        return { res, ms: performance.now() - started };
      });
      const { res, ms } = result;
      return { status: res.statusCode, ms, loopMs, bytes: c.body?.length ?? 0, refused: refusedIn(res.statusCode, res.body) };
    };

    const rows: Array<Record<string, string | number>> = [];
    const over: string[] = [];
    for (const c of cases) {
      await run(c);
      // The best of three: a busy test machine delays an answer now and then; a slow route is slow every time.
      const runs = [await run(c), await run(c), await run(c)];
      const { status, bytes, refused } = runs[0]!;
      const ms = Math.min(...runs.map((r) => r.ms));
      const loopMs = Math.min(...runs.map((r) => r.loopMs));
      rows.push({
        operation: c.operation,
        case: c.name,
        bytes,
        status,
        refused: refused ? 'yes' : 'no',
        ms: Math.round(ms * 10) / 10,
        'loop held ms': Math.round(loopMs * 10) / 10,
      });
      if (ms > c.budgetMs || loopMs > BUDGET_MS)
        over.push(`${c.operation} ${c.name}: ${ms.toFixed(1)} ms (budget ${c.budgetMs}), loop held ${loopMs.toFixed(1)} ms`);
    }
    console.table(rows);
    expect(over).toEqual([]);
    // No worst body is a server error.
    expect(rows.filter((r) => Number(r.status) >= 500)).toEqual([]);
    // Every admin write refuses every worst body: nothing drafted, published or rolled back by them.
    // A setting whose whole body is one bounded number (the watch's threshold) takes its worst body,
    // the bound itself, as the legitimate setting it is; it is held to the same budget above.
    const settings = new Set(['PUT /api/admin/rules/watch']);
    const writes = new Set(adminWrites.filter((operation) => !settings.has(operation)));
    expect(rows.filter((r) => writes.has(String(r.operation)) && r.refused !== 'yes')).toEqual([]);
    // The import's files are refused by the bounds of its reader.
    const imports = new Set(hostileImports().map((file) => file.name));
    expect(rows.filter((r) => imports.has(String(r.case))).map((r) => r.status)).toEqual(hostileImports().map(() => 400));
    // About 190 cases, each sent four times: two or three minutes on a busy machine.
  }, 360_000);

  it('answers /api/health at once while the 180 KB patch of 60,000 empty objects is refused', async () => {
    const { app } = server();
    const headers = { ...(await server().headers(learner.accountId)), 'content-type': 'application/json' };
    const flood = JSON.stringify(Array.from({ length: 60_000 }, () => ({})));
    expect(flood.length).toBeGreaterThan(180_000);
    // Best of three, as the table above: a busy machine's one slow moment is not the services'.
    const attempt = async () => {
      const started = performance.now();
      const patch = app
        .inject({ method: 'PATCH', url: `/api/profiles/${learner.profileId}`, headers, payload: flood })
        .then((res) => ({ res, ms: performance.now() - started }));
      // Health asked again and again while the patch is refused, each counted from when it was due.
      const healthMs = await slowestBeside(patch, async () => expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200));
      const { res, ms } = await patch;
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errors: [{ path: '', key: 'Validation.TooManyItems' }] });
      return { ms, healthMs };
    };
    const attempts = [await attempt(), await attempt(), await attempt()];
    const ms = Math.min(...attempts.map((a) => a.ms));
    const healthMs = Math.min(...attempts.map((a) => a.healthMs));
    console.log(`180 KB patch refused in ${ms.toFixed(1)} ms; /api/health answered in ${healthMs.toFixed(1)} ms beside it (best of 3)`);
    expect(ms).toBeLessThan(BUDGET_MS);
    expect(healthMs).toBeLessThan(BUDGET_MS);
  });
});
