import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { benchDatabaseUrl, freePort, startBenchServer, waitFor } from './bench-support.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const { createVerifier } = await import(join(ROOT, 'packages/server/dist/index.js'));
const { createTestPki } = await import(join(ROOT, 'packages/testkit/dist/index.js'));
const { VERIFICATION_PATHS, VERIFY_MAX_TOTAL_BYTES } = await import(
  join(ROOT, 'packages/core/dist/index.js')
);

const ALGORITHM = process.argv.find((arg) => arg.startsWith('--alg='))?.slice(6) ?? 'gost2015';
const PAIRS = 5;
const SIZE = 6_000_000;
const ROUNDS = Number(process.argv.find((arg) => arg.startsWith('--rounds='))?.slice(9) ?? 5);

const url = benchDatabaseUrl();

/** A PDF-looking file of `size` bytes (the server recognises PDFs by their header). */
function pdfOf(size) {
  const bytes = randomBytes(size);
  bytes.write('%PDF-1.7\n', 0, 'latin1');
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Peak and current resident set of a process, in bytes (Linux). */
async function memoryOf(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (name) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024;
  return { peak: kb('VmHWM'), now: kb('VmRSS') };
}

/**
 * Starts the peak resident set of a process over from its current size (Linux: `5` to /proc/<pid>/clear_refs),
 * so the next peak read is the peak of what follows. False when not allowed (then peaks only ever rise).
 */
async function resetPeak(pid) {
  try {
    await writeFile(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

// The signatures: one signer per original, detached, as NCALayer makes them.
const pki = createTestPki({ seed: `qoltanba-bench-check:${ALGORITHM}` });
pki.ca(ALGORITHM);
const originals = Array.from({ length: PAIRS }, () => pdfOf(SIZE));
const signatures = originals.map((content) =>
  pki
    .issue({
      algorithm: ALGORITHM,
      kind: 'first_head',
      usage: 'sign',
      // A valid IIN (check digit), so the engine's identity checks pass; each signer has its own key.
      iin: '880101300123',
      bin: '200140000202',
      surname: 'ҚОЖАҒҰЛОВ',
      givenName: 'ӘЛІБЕК',
      organisation: 'ТОО «Береке Строй»',
    })
    .signCms({ content, detached: true }),
);
const files = [
  ...originals.map((bytes, n) => ({ name: `шарт-${n + 1}.pdf`, bytes, type: 'application/pdf' })),
  ...signatures.map((bytes, n) => ({
    name: `шарт-${n + 1}.pdf.cms`,
    bytes,
    type: 'application/pkcs7-signature',
  })),
];
const uploadBytes = files.reduce((sum, file) => sum + file.bytes.byteLength, 0);
if (uploadBytes > VERIFY_MAX_TOTAL_BYTES) throw new Error(`the upload (${uploadBytes}) is over the limit`);

const dataDir = await mkdtemp(join(tmpdir(), 'qoltanba-bench-check-'));
const trustDir = join(dataDir, 'trust');
await pki.writeTrustDir(trustDir);
const verifier = await createVerifier({ trustDir, offline: true });

/** The bare engine over the same pairs, one after the other as the server does. */
async function bare() {
  const start = performance.now();
  const indications = [];
  for (let n = 0; n < PAIRS; n += 1) {
    const { report } = await verifier.verifyCms({ cms: signatures[n], content: originals[n] });
    indications.push(
      ...report.signatures.map((s) => `${s.indication}${s.subIndication ? `/${s.subIndication}` : ''}`),
    );
  }
  return { ms: performance.now() - start, indications };
}

/** The whole /check over HTTP: the multipart body sent, the JSON answer read. */
async function overHttp(port) {
  const form = new FormData();
  for (const file of files) form.append('files', new Blob([file.bytes], { type: file.type }), file.name);
  const start = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}${VERIFICATION_PATHS.verify}`, {
    method: 'POST',
    body: form,
  });
  const body = await res.json();
  const ms = performance.now() - start;
  if (res.status !== 200) throw new Error(`verifySignatures: ${res.status} ${JSON.stringify(body)}`);
  return {
    ms,
    indications: body.signatures.map((s) => `${s.indication}${s.subIndication ? `/${s.subIndication}` : ''}`),
    verdict: body.verdict,
  };
}

/** The same originals without their CMS: read, hashed and looked up, then DOCUMENT_NOT_SIGNED (the HTTP floor). */
async function floor(port) {
  const form = new FormData();
  for (const file of files.slice(0, PAIRS))
    form.append('files', new Blob([file.bytes], { type: file.type }), file.name);
  const start = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}${VERIFICATION_PATHS.verify}`, {
    method: 'POST',
    body: form,
  });
  const body = await res.json();
  if (body.code !== 'DOCUMENT_NOT_SIGNED') throw new Error(`floor: ${res.status} ${JSON.stringify(body)}`);
  return { ms: performance.now() - start };
}

const schema = `bench_${randomBytes(5).toString('hex')}`;
const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`create schema ${schema}`);
let server;

try {
  const port = await freePort();
  server = startBenchServer({
    url,
    schema,
    port,
    dataDir,
    env: {
      QOLTANBA_PUBLIC_URL: 'https://qoltanba.example.kz',
      QOLTANBA_TRUST_DIR: trustDir,
      QOLTANBA_PKI_OFFLINE: 'true',
    },
  });
  await waitFor(port, '/readyz');

  // Warm both paths up on one small pair, so the figures leave out first-call compilation.
  const small = pdfOf(64 * 1024);
  const smallCms = pki
    .issue({
      algorithm: ALGORITHM,
      kind: 'individual',
      usage: 'sign',
      iin: '880101300999',
      surname: 'A',
      givenName: 'B',
    })
    .signCms({ content: small, detached: true });
  await verifier.verifyCms({ cms: smallCms, content: small });
  const warm = new FormData();
  warm.append('files', new Blob([small]), 'w.pdf');
  warm.append('files', new Blob([smallCms]), 'w.cms');
  const warmed = await fetch(`http://127.0.0.1:${port}${VERIFICATION_PATHS.verify}`, {
    method: 'POST',
    body: warm,
  });
  if (warmed.status !== 200) throw new Error(`warm-up: ${warmed.status} ${await warmed.text()}`);
  await warmed.arrayBuffer();

  // Each round's own growth: the server's peak during the round over its resident set when the round began.
  // One figure over all rounds counted garbage that earlier rounds had not yet given back (3.27x over five
  // rounds where one round alone grew 1.12x).
  const http = [];
  const engine = [];
  const growths = [];
  let peaksReset = true;
  for (let round = 0; round < ROUNDS; round += 1) {
    peaksReset = (await resetPeak(server.pid)) && peaksReset;
    const start = await memoryOf(server.pid);
    http.push(await overHttp(port));
    const end = await memoryOf(server.pid);
    // The kernel updates the peak lazily: a round that gave memory back can read a hair below its start.
    growths.push(Math.max(0, end.peak - (peaksReset ? start.now : start.peak)));
    engine.push(await bare());
  }
  const floors = [];
  for (let round = 0; round < ROUNDS; round += 1) floors.push(await floor(port));

  const httpMs = median(http.map((r) => r.ms));
  const engineMs = median(engine.map((r) => r.ms));
  const ratio = httpMs / engineMs;
  const ratios = growths.map((growth) => growth / uploadBytes);
  const memoryRatio = Math.max(...ratios);
  console.log(
    `\n/check: ${files.length} files, ${(uploadBytes / 1e6).toFixed(1)} MB (${mb(uploadBytes)}): ${PAIRS} PDFs of ${(SIZE / 1e6).toFixed(0)} MB ` +
      `with a detached ${ALGORITHM} CMS each; ${ROUNDS} rounds after a warm-up, Node ${process.version}`,
  );
  console.log(
    `verdicts: HTTP ${http[0].verdict} [${http[0].indications.join(', ')}], engine [${engine[0].indications.join(', ')}]\n`,
  );
  console.log(`${'measure'.padEnd(44)} ${'median'.padStart(8)} ${'max'.padStart(8)}   (ms)`);
  const row = (label, runs) =>
    `${label.padEnd(44)} ${median(runs.map((r) => r.ms))
      .toFixed(1)
      .padStart(8)} ${Math.max(...runs.map((r) => r.ms))
      .toFixed(1)
      .padStart(8)}`;
  console.log(row('HTTP verifySignatures (send to answer)', http));
  console.log(row('bare engine verifyCms x5 (same signatures)', engine));
  console.log(row('HTTP floor: the 5 PDFs alone, no CMS (30 MB)', floors));
  console.log(`\nHTTP / engine: ${ratio.toFixed(2)}x (goal <= 2x: ${ratio <= 2 ? 'met' : 'NOT met'})`);
  console.log(
    `server peak RSS growth per round (${peaksReset ? 'peak during the round over RSS at its start' : 'rise of the all-time peak: clear_refs not allowed'}): ` +
      ratios.map((ratio, round) => `${ratio.toFixed(2)}x (${mb(growths[round])})`).join(', '),
  );
  console.log(
    `peak RSS growth: at most ${memoryRatio.toFixed(2)}x the upload in a round (goal <= 3x: ${memoryRatio <= 3 ? 'met' : 'NOT met'})`,
  );
} finally {
  server?.kill('SIGTERM');
  await admin.query(`drop schema if exists ${schema} cascade`);
  await admin.end();
  await rm(dataDir, { recursive: true, force: true });
}
