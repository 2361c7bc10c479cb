import { SUPPORT_PATHS, SUPPORT_VISITOR_HEADER } from '@qoltanba/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config/config.js';
import { startPeriodicJob } from '../jobs/periodic-job.js';
import { openEventStream } from '../testing/event-stream-reader.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { startMetricsServer } from './metrics-server.js';
import { Counter, Histogram, MetricsRegistry } from './registry.js';

describe('the metrics registry', () => {
  it('writes counters and cumulative histogram buckets in the Prometheus text format', async () => {
    const registry = new MetricsRegistry();
    const counter = registry.add(new Counter('c_total', 'a count'));
    const histogram = registry.add(new Histogram('h_seconds', 'a latency', [0.1, 1]));
    counter.inc({ kind: 'say "hi"\n' });
    counter.inc({ kind: 'say "hi"\n' }, 2);
    histogram.observe({ route: '/a' }, 0.05);
    histogram.observe({ route: '/a' }, 0.5);
    histogram.observe({ route: '/a' }, 5);
    expect((await registry.render()).split('\n')).toEqual([
      '# HELP c_total a count',
      '# TYPE c_total counter',
      'c_total{kind="say \\"hi\\"\\n"} 3',
      '# HELP h_seconds a latency',
      '# TYPE h_seconds histogram',
      'h_seconds_bucket{le="0.1",route="/a"} 1',
      'h_seconds_bucket{le="1",route="/a"} 2',
      'h_seconds_bucket{le="+Inf",route="/a"} 3',
      'h_seconds_sum{route="/a"} 5.55',
      'h_seconds_count{route="/a"} 3',
      '',
    ]);
  });

  it('refuses a metric name twice', () => {
    const registry = new MetricsRegistry();
    registry.add(new Counter('x_total', 'x'));
    expect(() => registry.add(new Counter('x_total', 'x'))).toThrow(/twice/);
  });
});

describe('the server metrics', () => {
  let server: TestApp | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('count requests per route template and status class, verifications, and read the message queue depth', async () => {
    server = await createTestApp();
    await server.app.inject({ method: 'GET', url: '/healthz' });
    await server.app.inject({ method: 'GET', url: '/healthz' });
    await server.app.inject({ method: 'GET', url: '/api/v1/no-such-route/123' });
    await server.services.verifier.verifyCms({ cms: new Uint8Array([1, 2, 3]) });
    const text = await server.metrics.registry.render();
    expect(text).toContain(
      'qoltanba_http_request_duration_seconds_count{method="GET",route="/healthz",status="2xx"} 2',
    );
    // The raw URL never becomes a label: unmatched requests share one series.
    expect(text).toContain(
      'qoltanba_http_request_duration_seconds_count{method="GET",route="unmatched",status="4xx"} 1',
    );
    expect(text).not.toContain('no-such-route');
    expect(text).toContain('qoltanba_verifications_total{format="cms",verdict="TOTAL_FAILED"} 1');
    expect(text).toContain('qoltanba_outbox_depth 0');
    expect(text).toMatch(/qoltanba_process_resident_memory_bytes \d+/);
    expect(text).toContain('qoltanba_live_listening 1');
  });

  it('count the open event streams by kind, and periodic job runs by outcome', async () => {
    server = await createTestApp();
    const origin = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const visitor = await server.app.inject({ method: 'POST', url: SUPPORT_PATHS.visitors });
    const stream = await openEventStream(`${origin}${SUPPORT_PATHS.myEvents}`, {
      [SUPPORT_VISITOR_HEADER]: visitor.json().visitorToken,
    });
    await stream.until(() => true);
    const render = () => server?.metrics.registry.render() ?? Promise.resolve('');
    expect(await render()).toContain('qoltanba_event_streams{kind="support"} 1');
    expect(await render()).toContain('qoltanba_event_streams{kind="unread"} 0');
    stream.close();
    await vi.waitFor(async () => {
      expect(await render()).toContain('qoltanba_event_streams{kind="support"} 0');
    });

    const outcomes: Array<unknown> = [{ ran: true, value: 1 }, { ran: false }, new Error('boom')];
    const job = startPeriodicJob({
      name: 'test-job',
      observe: server.metrics.jobRun,
      intervalMs: 1,
      firstDelayMs: 0,
      run: async () => {
        const next = outcomes.shift();
        // The last planned run stops the job, so no fourth run (an empty outcome counts as ran) races the scrape.
        if (outcomes.length === 0) void job.stop();
        if (next instanceof Error) throw next;
        return next;
      },
      onError: () => undefined,
    });
    await vi.waitFor(() => expect(outcomes).toEqual([]));
    await job.stop();
    const text = await render();
    for (const outcome of ['ran', 'skipped', 'failed'])
      expect(text).toContain(`qoltanba_job_runs_total{job="test-job",outcome="${outcome}"} 1`);
    // Durations of the runs that did work (ran, failed); a skipped run did none.
    expect(text).toContain('qoltanba_job_run_duration_seconds_count{job="test-job"} 2');
  });
});

describe('the metrics endpoint', () => {
  it('serves /metrics on its own address, behind the bearer token when one is set', async () => {
    const registry = new MetricsRegistry();
    registry.add(new Counter('up_total', 'up')).inc();
    const endpoint = await startMetricsServer(registry, {
      host: '127.0.0.1',
      port: 0,
      token: 'scrape-secret',
    });
    try {
      const base = `http://127.0.0.1:${endpoint.address.port}`;
      expect((await fetch(`${base}/metrics`)).status).toBe(401);
      expect((await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(
        401,
      );
      const ok = await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer scrape-secret' } });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('content-type')).toContain('text/plain; version=0.0.4');
      expect(await ok.text()).toContain('up_total 1');
      expect((await fetch(`${base}/other`)).status).toBe(404);
    } finally {
      await endpoint.close();
    }
  });

  it('reads QOLTANBA_METRICS_LISTEN as host:port, brackets for IPv6, and refuses anything else', () => {
    const base = { NODE_ENV: 'test' };
    expect(loadConfig(base).config.metrics).toEqual({ listen: null, token: null });
    expect(loadConfig({ ...base, QOLTANBA_METRICS_LISTEN: '127.0.0.1:9464' }).config.metrics.listen).toEqual({
      host: '127.0.0.1',
      port: 9464,
    });
    expect(loadConfig({ ...base, QOLTANBA_METRICS_LISTEN: '[::1]:9464' }).config.metrics.listen).toEqual({
      host: '::1',
      port: 9464,
    });
    expect(() => loadConfig({ ...base, QOLTANBA_METRICS_LISTEN: '9464' })).toThrow(/QOLTANBA_METRICS_LISTEN/);
    expect(() => loadConfig({ ...base, QOLTANBA_METRICS_LISTEN: 'host:99999' })).toThrow(
      /QOLTANBA_METRICS_LISTEN/,
    );
  });
});
