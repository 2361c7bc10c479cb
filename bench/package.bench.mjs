import { randomBytes } from 'node:crypto';
import {
  benchDatabaseUrl,
  benchSchema,
  freePort,
  registerMember,
  startBenchServer,
  waitFor,
} from './bench-support.mjs';

const SIZE = 5 * 1024 * 1024;
const SIGNATURES = 10;
const ROUNDS = 10;
const BIN = '200140000101';
const SIGNER_BIN = '200140000202';
const PREFIX = '/proxy/documents-interceptor.bpmn/api/v1/companies';

const url = benchDatabaseUrl();

/** A PDF-looking file of `size` bytes (the server recognises PDFs by their header). */
function pdfOf(size) {
  const bytes = randomBytes(size);
  bytes.write('%PDF-1.7\n', 0, 'latin1');
  return bytes;
}

function report(n) {
  const iin = `8801013${String(n).padStart(5, '0')}`;
  return {
    indication: 'TOTAL_PASSED',
    subIndication: null,
    signer: {
      iin,
      bin: SIGNER_BIN,
      fullName: `ҚОЖАҒҰЛОВ ӘЛІБЕК ҮМБЕТҰЛЫ ${n}`,
      surname: 'ҚОЖАҒҰЛОВ',
      givenName: 'ӘЛІБЕК',
      patronymic: 'ҮМБЕТҰЛЫ',
      organisation: 'ТОО «Береке Строй»',
      email: null,
      role: 'first_head',
      roles: ['legal_entity', 'first_head'],
    },
    certificate: {
      serial: randomBytes(20).toString('hex'),
      notBefore: '2026-01-01T00:00:00.000Z',
      notAfter: '2027-01-01T00:00:00.000Z',
      issuer: 'C=KZ,CN=ҰЛТТЫҚ КУӘЛАНДЫРУШЫ ОРТАЛЫҚ (GOST) TEST 2022',
      subject: `CN=ҚОЖАҒҰЛОВ ӘЛІБЕК,SERIALNUMBER=IIN${iin}`,
    },
    signingTime: new Date().toISOString(),
    signatureType: 'GOST2015',
    packaging: 'detached',
    revocation: { status: 'good', source: 'ocsp', revokedAt: null, checkedAt: new Date().toISOString() },
  };
}

/** Time to the response headers, to the first body byte and to the last, and the body's size. */
async function timed(port, path, headers) {
  const start = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  const reader = res.body.getReader();
  let first;
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    first ??= performance.now() - start;
    bytes += value.byteLength;
  }
  return { first, total: performance.now() - start, bytes };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const bench = await benchSchema(url);
const { schema, dataDir, db } = bench;
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
      RATE_LIMIT_MAX: '100000000',
    },
  });
  await waitFor(port, '/readyz');
  await db.connect();

  const accessToken = await registerMember(port, db, BIN);
  const headers = { authorization: `Bearer ${accessToken}` };

  const form = new FormData();
  const draft = {
    name: 'Жеткізу шарты № 7',
    signingMethod: 'PARALLEL',
    signers: [{ identityNumber: SIGNER_BIN, email: 'signer@example.kz', nameRu: 'ТОО «Береке Строй»' }],
  };
  form.append('document', JSON.stringify(draft));
  form.append('files', new Blob([pdfOf(SIZE)], { type: 'application/pdf' }), 'шарт.pdf');
  const created = await fetch(`http://127.0.0.1:${port}${PREFIX}/${BIN}/documents`, {
    method: 'POST',
    headers,
    body: form,
  });
  if (created.status !== 201) throw new Error(`createDocument: ${created.status} ${await created.text()}`);
  const document = await created.json();
  const fileId = document.files[0].id;
  await db.query(`update documents set status = 'SIGNED' where id = $1`, [document.id]);
  for (let n = 1; n <= SIGNATURES; n += 1) {
    await db.query(
      `insert into signatures (document_id, file_id, identity_number, cms, report, method, ip, created_at)
       values ($1, $2, $3, $4, $5, 'NCALAYER', '192.0.2.1', now())`,
      [
        document.id,
        fileId,
        `20014000${String(n).padStart(4, '0')}`,
        randomBytes(3500),
        JSON.stringify(report(n)),
      ],
    );
  }

  const base = `${PREFIX}/${BIN}/documents/${document.id}`;
  await timed(port, `${base}/package`, headers);
  await timed(port, `${base}/signature-sheet`, headers);
  const packages = [];
  const sheets = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    packages.push(await timed(port, `${base}/package`, headers));
    sheets.push(await timed(port, `${base}/signature-sheet`, headers));
  }
  const row = (label, runs, key) =>
    `${label.padEnd(40)} ${median(runs.map((r) => r[key]))
      .toFixed(1)
      .padStart(8)} ${Math.max(...runs.map((r) => r[key]))
      .toFixed(1)
      .padStart(8)}`;
  console.log(
    `\nsigned package: ${(SIZE / 1024 / 1024).toFixed(1)} MB document, ${SIGNATURES} signatures, ${ROUNDS} rounds after a warm-up, Node ${process.version}`,
  );
  console.log(
    `ZIP size ${(packages[0].bytes / 1024 / 1024).toFixed(2)} MB, sheet ${(sheets[0].bytes / 1024).toFixed(0)} kB\n`,
  );
  console.log(`${'measure'.padEnd(40)} ${'median'.padStart(8)} ${'max'.padStart(8)}   (ms)`);
  console.log(row('package: first byte', packages, 'first'));
  console.log(row('package: last byte', packages, 'total'));
  console.log(row('signature sheet alone: last byte', sheets, 'total'));
  const worst = Math.max(...packages.map((r) => r.first));
  console.log(
    `\ngoal: first byte within 500 ms: ${worst <= 500 ? 'met' : 'NOT met'} (worst ${worst.toFixed(1)} ms)`,
  );
} finally {
  server?.kill('SIGTERM');
  await bench.drop();
}
