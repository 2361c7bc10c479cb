// `npm run bench -- uploads`: 5 MB document uploads at concurrency 4, the built server keeping files on local disk
// (the anchor) and on S3 (s3rver, in this process, on the same machine): throughput, p50/p99 and the server's peak
// resident memory, and S3's ratios to disk measured in the same run. Not a test: it prints figures, asserts nothing.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import {
  benchDatabaseUrl,
  benchSchema,
  freePort,
  registerMember,
  startBenchServer,
  waitFor,
} from './bench-support.mjs';

const SIZE = 5_000_000;
const UPLOADS = 40;
const CONCURRENCY = 4;
const BIN = '200140000101';
const PREFIX = '/proxy/documents-interceptor.bpmn/api/v1/companies';
const url = benchDatabaseUrl();

/** A PDF-looking file (the server recognises PDFs by their header). */
function pdfOf(size) {
  const bytes = randomBytes(size);
  bytes.write('%PDF-1.7\n', 0, 'latin1');
  return bytes;
}

/** The process's peak resident memory (VmHWM, MB) from /proc; NaN when it cannot be read. */
async function peakRssMb(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const match = /VmHWM:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

const quantile = (values, q) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))];

/** Runs the uploads against a server started with `env`; answers throughput, latencies and peak memory. */
async function run(label, env) {
  const { schema, dataDir, db, drop } = await benchSchema(url);
  let server;
  try {
    const port = await freePort();
    server = startBenchServer({
      url,
      schema,
      port,
      dataDir,
      env: { RATE_LIMIT_MAX: '100000000', QOLTANBA_STORAGE_QUOTA_MB: '100000', ...env },
    });
    await waitFor(port, '/readyz');
    await db.connect();
    const headers = { authorization: `Bearer ${await registerMember(port, db, BIN)}` };
    const draft = JSON.stringify({
      name: 'Жеткізу шарты',
      signingMethod: 'PARALLEL',
      signers: [{ identityNumber: '200140000202', email: 'signer@example.kz', nameRu: 'ТОО «Береке Строй»' }],
    });
    const file = new Blob([pdfOf(SIZE)], { type: 'application/pdf' });
    const upload = async () => {
      const form = new FormData();
      form.append('document', draft);
      form.append('files', file, 'шарт.pdf');
      const start = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}${PREFIX}/${BIN}/documents`, {
        method: 'POST',
        headers,
        body: form,
      });
      if (res.status !== 201) throw new Error(`${label}: createDocument ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      return performance.now() - start;
    };
    for (let i = 0; i < CONCURRENCY; i += 1) await upload(); // warm-up
    const times = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < UPLOADS) {
          next += 1;
          times.push(await upload());
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    return {
      label,
      mbPerSecond: (UPLOADS * SIZE) / 1e6 / seconds,
      p50: quantile(times, 0.5),
      p99: quantile(times, 0.99),
      rss: await peakRssMb(server.pid),
    };
  } finally {
    server?.kill('SIGTERM');
    await drop();
  }
}

const s3Dir = await mkdtemp(join(tmpdir(), 'qoltanba-bench-s3-'));
const s3 = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: s3Dir,
  configureBuckets: [{ name: 'bench' }],
});
const { port: s3Port } = await s3.run();
try {
  const disk = await run('local disk (anchor)', {});
  const onS3 = await run('S3 (s3rver, same machine)', {
    QOLTANBA_BLOBS: 's3://bench/files',
    QOLTANBA_S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    QOLTANBA_S3_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  });
  console.log(
    `\n${UPLOADS} uploads of ${SIZE / 1e6} MB at concurrency ${CONCURRENCY}, Node ${process.version}\n`,
  );
  console.log(
    `${'store'.padEnd(28)} ${'MB/s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'peak RSS MB'.padStart(12)}`,
  );
  for (const r of [disk, onS3]) {
    console.log(
      `${r.label.padEnd(28)} ${r.mbPerSecond.toFixed(1).padStart(7)} ${r.p50.toFixed(0).padStart(8)} ${r.p99.toFixed(0).padStart(8)} ${r.rss.toFixed(0).padStart(12)}`,
    );
  }
  console.log(
    `\nS3 / disk: throughput ${(onS3.mbPerSecond / disk.mbPerSecond).toFixed(2)}, p99 ${(onS3.p99 / disk.p99).toFixed(2)}, peak RSS ${(onS3.rss / disk.rss).toFixed(2)}`,
  );
} finally {
  await s3.close();
  await rm(s3Dir, { recursive: true, force: true });
}
