import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database.js';
import type { LiveChannel } from '../db/live-channel.js';
import type { EventStreams } from '../http/event-stream.js';
import type { JobRunObserver } from '../jobs/periodic-job.js';
import type { SignatureVerifier } from '../signature-verifier.js';
import { Counter, Gauge, Histogram, MetricsRegistry } from './registry.js';

/** Request latency buckets in seconds: from a cached read to a large upload. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The server's metrics: what operators watch (latency per route, verifications, the message queue, memory). */
export interface ServerMetrics {
  readonly registry: MetricsRegistry;
  /** Counts one answered request; `route` is the route's template (`/api/v1/documents/:id`), never the raw URL. */
  request(method: string, route: string, status: number, seconds: number): void;
  /** The verifier, counting each verification by format and verdict. */
  countedVerifier(verifier: SignatureVerifier): SignatureVerifier;
  /** Counts one run of a periodic job by outcome, and its duration. */
  jobRun: JobRunObserver;
}

/** What the metrics read from the rest of the process when scraped. */
export interface ServerMetricsSources {
  eventStreams: Pick<EventStreams, 'counts'>;
  live: Pick<LiveChannel, 'listening'>;
}

/** Creates the metrics of one server process; gauges read the database when scraped. */
export function createServerMetrics(database: DatabaseHandle, sources: ServerMetricsSources): ServerMetrics {
  const registry = new MetricsRegistry();
  const latency = registry.add(
    new Histogram('qoltanba_http_request_duration_seconds', 'HTTP request latency by route', LATENCY_BUCKETS),
  );
  const verifications = registry.add(
    new Counter('qoltanba_verifications_total', 'Signature verifications by format and overall verdict'),
  );
  registry.add(
    new Gauge('qoltanba_outbox_depth', 'E-mails and SMS waiting in the message queue', async () => {
      const { rows } = await sql<{ count: string }>`
        select count(*)::text as count from message_queue where status = 'queued'`.execute(database.db);
      return [[{}, Number(rows[0]?.count ?? 0)]];
    }),
  );
  registry.add(
    new Gauge('qoltanba_process_resident_memory_bytes', 'Resident memory of this process', () => [
      [{}, process.memoryUsage().rss],
    ]),
  );
  registry.add(
    new Gauge('qoltanba_event_streams', 'Server-sent event streams open on this instance, by kind', () =>
      Object.entries(sources.eventStreams.counts()).map(([kind, count]) => [{ kind }, count]),
    ),
  );
  registry.add(
    new Gauge(
      'qoltanba_live_listening',
      'Whether the session that hears other instances (LISTEN) is up (1) or being reopened (0)',
      () => [[{}, sources.live.listening ? 1 : 0]],
    ),
  );
  const jobRuns = registry.add(
    new Counter(
      'qoltanba_job_runs_total',
      'Runs of periodic jobs by outcome (skipped: another instance ran it)',
    ),
  );
  const jobSeconds = registry.add(
    new Histogram('qoltanba_job_run_duration_seconds', 'Duration of periodic job runs', LATENCY_BUCKETS),
  );
  const started = Date.now();
  registry.add(
    new Gauge('qoltanba_process_uptime_seconds', 'Seconds since this process started serving', () => [
      [{}, (Date.now() - started) / 1000],
    ]),
  );
  return {
    registry,
    request(method, route, status, seconds) {
      latency.observe({ method, route, status: `${Math.floor(status / 100)}xx` }, seconds);
    },
    jobRun(job, outcome, seconds) {
      jobRuns.inc({ job, outcome });
      if (outcome !== 'skipped') jobSeconds.observe({ job }, seconds);
    },
    countedVerifier(verifier) {
      return {
        async verifyCms(input) {
          const result = await verifier.verifyCms(input);
          verifications.inc({ format: 'cms', verdict: result.report.verdict });
          return result;
        },
        async verifyXml(input) {
          const result = await verifier.verifyXml(input);
          verifications.inc({ format: 'xml', verdict: result.report.verdict });
          return result;
        },
        async verifyCard(input) {
          const result = await verifier.verifyCard(input);
          verifications.inc({ format: 'card', verdict: result.verdict });
          return result;
        },
        async secureCms(input) {
          const result = await verifier.secureCms(input);
          verifications.inc({ format: 'cms', verdict: result.verification.report.verdict });
          return result;
        },
        ...(verifier.archiveCms ? { archiveCms: verifier.archiveCms.bind(verifier) } : {}),
      };
    },
  };
}
