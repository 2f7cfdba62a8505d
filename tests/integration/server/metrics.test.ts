import { fetch } from 'undici';
import { createRequestMetrics, startMetricsServer, type MetricsServer, type RequestMetrics } from '../../../src/server/http/metrics';
import { learner, startTestServer, type TestServer } from './harness';

let server: TestServer;
let metrics: RequestMetrics;
let listener: MetricsServer;

beforeAll(async () => {
  metrics = createRequestMetrics();
  server = await startTestServer('pglite', {}, { metrics });
  listener = await startMetricsServer(metrics.registry, 0, '127.0.0.1');
});
afterAll(async () => {
  await listener.close();
  await server.close();
});

const metricsUrl = (path = '/metrics') => `http://127.0.0.1:${listener.port}${path}`;

describe('request metrics', () => {
  it('count requests and time them per route pattern, never per raw URL', async () => {
    const { app } = server;
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'GET', url: '/api/health' });
    const profile = await app.inject({ method: 'GET', url: `/api/profiles/account/${learner.accountId}`, headers: await server.headers(learner.accountId) });
    expect(profile.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/vendors/getvendor/SECRET-KEY-4711' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/no-such-route/abc-4711' })).statusCode).toBe(404);

    const text = await metrics.registry.metrics();
    expect(text).toContain('http_requests_total{method="GET",route="/api/health",status_code="200"} 2');
    expect(text).toContain('http_requests_total{method="GET",route="/api/profiles/account/:accountId",status_code="200"} 1');
    expect(text).toContain('http_requests_total{method="GET",route="/api/vendors/getvendor/:accessKey",status_code="401"} 1');
    expect(text).toContain('http_requests_total{method="GET",route="(unmatched)",status_code="404"} 1');
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"} 2');
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/health",status_code="200"\} \d/);
    expect(text).not.toContain('4711');
    expect(text).not.toContain(learner.accountId);
  });

  it('are served in Prometheus text format on their own listener only', async () => {
    const res = await fetch(metricsUrl());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(await res.text()).toContain('# TYPE http_requests_total counter');
    expect((await fetch(metricsUrl('/'))).status).toBe(404);
    expect((await fetch(metricsUrl('/metrics/../admin'))).status).toBe(404);
    expect((await fetch(metricsUrl(), { method: 'POST' })).status).toBe(404);
  });

  it('are not on the public port, whatever the caller holds (the function key is public)', async () => {
    for (const headers of [{}, await server.headers(learner.accountId)]) {
      for (const url of ['/api/metrics', '/metrics']) {
        const res = await server.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain('http_requests_total');
      }
    }
  });
});
