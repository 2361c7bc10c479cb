// Benchmark of the document reads at 100,000 documents of one company, against a bare Fastify route.
// `npm run bench -- search-scale`: the searches against the first page at 10k, 100k and 1M documents (BENCH_SCALES,
// comma-separated), one table grown in place between scales (heavy at 1M: run it alone, once).
// `npm run bench -- instances`: the reads through two server processes on the one database against one (issue 23).
// Needs PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL) and the built server (bench/run.mjs builds it).
// Everything happens in a throw-away schema that is dropped at the end.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BENCH_SERVER_HOST,
  benchDatabaseUrl,
  benchSchema,
  callgrind,
  freePort,
  processCpuMs,
  registerMember,
  startBenchServer,
  waitFor,
} from './bench-support.mjs';
import { load } from './load.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const COUNT = Number(process.env.BENCH_DOCUMENTS ?? 100_000);
/** Document counts of the search-scale run, smallest first. */
const SCALES = process.argv.includes('search-scale')
  ? (process.env.BENCH_SCALES ?? '10000,100000,1000000').split(',').map(Number)
  : undefined;
const CONCURRENCY = 16;
const INSTANCES = process.argv.includes('instances');
// `npm run bench -- instructions`: both servers under callgrind, each row as instructions per request.
const INSTRUCTIONS = process.argv.includes('instructions');
const TOTAL = Number(process.env.BENCH_REQUESTS ?? (INSTRUCTIONS || SCALES ? 500 : 4000));
const BIN = '200140000101'; // a valid BIN (check digit 1)
const SIGNER_BIN = '200140000202';
/** A counterparty of one document only (a SIGNED one, so it is in the outgoing box). */
const RARE_BIN = '990440000017';
/** The document with the rare counterparty among `count`: a recent SIGNED one (id % 3 = 2). */
const rareIdOf = (count) => Math.max(2, count - (count % 3) - 1);
const RARE_ID = rareIdOf(COUNT);
const PREFIX = '/proxy/documents-interceptor.bpmn/api/v1/companies';

const url = benchDatabaseUrl();

/**
 * The same bulk seed as the server's EXPLAIN tests: documents `from + 1` to `to` by one INSERT ... SELECT
 * generate_series per table (no API calls), the rare counterparty moved to the newest SIGNED one, then ANALYZE.
 * Called again with a larger `to`, it grows the table in place.
 */
async function seed(db, to, from = 0) {
  const status = `(case g % 3 when 0 then 'DRAFT' when 1 then 'AT_SIGNING' else 'SIGNED' end)`;
  const at = `(timestamptz '2025-01-01T00:00:00Z' + g * interval '1 second')`;
  const searchText = (id) => `'документ ' || ${id} || E'\nтоо «бенч»\nтоо «подписант»'`;
  await db.query(
    `insert into documents (id, sender_bin, sender_name_ru, number, name, status, signing_method, creator_id,
       search_text, search_ids, created_at, updated_at)
     select g, $1, 'ТОО «Бенч»', g, 'Документ ' || g, ${status}, 'PARALLEL', '00000000-0000-4000-8000-000000000000',
       ${searchText('g')}, $1 || E'\n' || $3, ${at}, ${at}
     from generate_series($4::int + 1, $2::int) g`,
    [BIN, to, SIGNER_BIN, from],
  );
  // One document with a counterparty of its own: the rare name and BIN the search rows look for.
  if (from > 0) {
    await db.query(
      `update documents set search_text = ${searchText('id')}, search_ids = $1 || E'\n' || $2
       where id = $3`,
      [BIN, SIGNER_BIN, rareIdOf(from)],
    );
  }
  await db.query(
    `update documents set search_text = search_text || E'\nтоо «сирек серіктес»', search_ids = search_ids || E'\n' || $1
     where id = $2`,
    [RARE_BIN, rareIdOf(to)],
  );
  await db.query(`select setval(pg_get_serial_sequence('documents', 'id'), $1::int)`, [to]);
  await db.query(
    `insert into document_participants (document_id, company_bin, role, doc_status, doc_number, doc_name,
      doc_created_at, doc_updated_at)
    select id, sender_bin, 'sender', status, number, name, created_at, updated_at from documents where id > $1`,
    [from],
  );
  await db.query(
    `insert into document_signers (document_id, position, identity_number, email, name_ru)
    select id, 1, $1, 'signer@example.kz', 'ТОО «Подписант»' from documents where id > $2`,
    [SIGNER_BIN, from],
  );
  await db.query(
    `insert into document_files (document_id, state, name, format, size, sha256, blob_key, uploaded_at)
    select id, 'READY', 'document.pdf', 'pdf', 1000, repeat('a', 64), 'seed' || id, created_at from documents
    where id > $1`,
    [from],
  );
  for (const table of ['documents', 'document_participants', 'document_signers', 'document_files']) {
    await db.query(`analyze ${table}`);
  }
}

/** The search rows of issue 22 at a scale whose rare document is `rareId`, each read against the first page. */
function searchScenarios(port, list, headers, rareId) {
  return [
    // Rare ones go through the trigram indexes, a common word along the keyset index.
    [
      'search, rare name (kk)',
      { port, path: `${list}?box=outgoing&q=${encodeURIComponent('СИРЕК серіктес')}`, headers },
    ],
    [
      'search, rare name + number (ru)',
      { port, path: `${list}?box=outgoing&q=${encodeURIComponent(`Документ ${rareId}`)}`, headers },
    ],
    [
      'search, BIN prefix (10 digits)',
      { port, path: `${list}?box=outgoing&q=${RARE_BIN.slice(0, 10)}`, headers },
    ],
    ['search, document number', { port, path: `${list}?box=outgoing&q=${rareId}`, headers }],
    [
      'search, common word (all match)',
      { port, path: `${list}?box=outgoing&q=${encodeURIComponent('документ')}`, headers },
    ],
  ];
}

const bench = await benchSchema(url);
const { schema, dataDir, db } = bench;
// The server's connections carry this name, so the PostgreSQL backends serving it can be told from others'.
const applicationName = `qoltanba-${schema}`;
const children = [];
const tokenSecret = randomBytes(32).toString('hex');

try {
  const [port, barePort] = [await freePort(), await freePort()];
  // BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server process.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const counting = INSTRUCTIONS ? callgrind(dataDir) : undefined;
  const wrapper = counting?.wrapper ?? [];
  const server = startBenchServer({
    url: `${url}${url.includes('?') ? '&' : '?'}application_name=${applicationName}`,
    schema,
    port,
    dataDir,
    nodeArgs,
    wrapper,
    env: {
      RATE_LIMIT_MAX: '100000000',
      // One secret for both instances of the instances run: a token of one is good on the other.
      QOLTANBA_TOKEN_SECRET: tokenSecret,
    },
  });
  children.push(server);
  const [bareCommand, ...bareArgs] = [
    ...wrapper,
    process.execPath,
    join(ROOT, 'bench/bare-server.mjs'),
    String(barePort),
  ];
  const bare = spawn(bareCommand, bareArgs, {
    stdio: ['ignore', 'ignore', 'inherit'],
    cwd: join(ROOT, 'packages/server'),
  });
  children.push(bare);
  // Under valgrind a start takes minutes.
  await waitFor(port, '/readyz', INSTRUCTIONS ? 900 : 60);
  await waitFor(barePort, '/bare', INSTRUCTIONS ? 900 : 60);
  await db.connect();

  // A user through the API, a membership and the documents by SQL.
  const accessToken = await registerMember(port, db, BIN);
  if (INSTANCES) {
    // A second process on the same schema and data folder, as a second instance behind a load balancer.
    const secondPort = await freePort();
    const second = startBenchServer({
      url: `${url}${url.includes('?') ? '&' : '?'}application_name=${applicationName}`,
      schema,
      port: secondPort,
      dataDir,
      nodeArgs,
      env: { RATE_LIMIT_MAX: '100000000', QOLTANBA_TOKEN_SECRET: tokenSecret },
    });
    children.push(second);
    await waitFor(secondPort, '/readyz', 60);
    await instanceScaling([port, secondPort], db, accessToken);
  } else if (SCALES) await searchAtScales(port, db, accessToken);
  else await documentReads(port, barePort, bare, server, db, accessToken, counting);
} finally {
  for (const child of children) child.kill('SIGTERM');
  await bench.drop();
}

/**
 * The same reads through one instance and through two (`ports`), the load split evenly and the total concurrency
 * the same: requests per second and p50/p99, and the ratio two : one (a load balancer's gain on this machine; on 2
 * cores the database and both servers share them, so the ratio says more about headroom than about scaling).
 */
async function instanceScaling(ports, db, accessToken) {
  const seeding = Date.now();
  await seed(db, COUNT);
  console.log(
    `seeded ${COUNT} documents in ${((Date.now() - seeding) / 1000).toFixed(1)} s (schema ${schema})`,
  );
  const headers = { authorization: `Bearer ${accessToken}` };
  const list = `${PREFIX}/${BIN}/documents`;
  const scenarios = [
    ['listDocuments, first page', `${list}?box=outgoing`],
    ['listDocuments, filtered page', `${list}?box=outgoing&filter=inProcess&sort=number&order=asc`],
    ['getDocument, first views (random)', () => `${list}/${1 + Math.floor(Math.random() * COUNT)}`],
  ];
  /** `total` requests split over `over` instances, `CONCURRENCY` in flight in all: one combined result. */
  const through = async (over, path, total) => {
    const started = process.hrtime.bigint();
    const parts = await Promise.all(
      over.map((port) =>
        load({
          port,
          path,
          headers,
          concurrency: CONCURRENCY / over.length,
          total: total / over.length,
          warmup: 0,
        }),
      ),
    );
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    return {
      rps: total / seconds,
      p50: Math.max(...parts.map((part) => part.p50)),
      p99: Math.max(...parts.map((part) => part.p99)),
    };
  };
  for (const [, path] of scenarios)
    for (const over of [ports.slice(0, 1), ports]) await through(over, path, 400);
  console.log(
    `\nAPI reads with 2 instances vs 1 on one PostgreSQL (${COUNT} documents), concurrency ${CONCURRENCY} in all, ` +
      `${TOTAL} requests per cell, ${cpus().length} CPUs, Node ${process.version}\n`,
  );
  console.log(
    `${'scenario'.padEnd(36)}${'1: req/s'.padStart(10)}${'p50'.padStart(8)}${'p99'.padStart(8)}` +
      `${'2: req/s'.padStart(10)}${'p50'.padStart(8)}${'p99'.padStart(8)}${'2 : 1'.padStart(8)}`,
  );
  for (const [name, path] of scenarios) {
    // Alternated in one run, so drift on the shared machine falls on both columns.
    const one = await through(ports.slice(0, 1), path, TOTAL);
    const two = await through(ports, path, TOTAL);
    const cell = (r) =>
      `${r.rps.toFixed(0).padStart(10)}${r.p50.toFixed(1).padStart(8)}${r.p99.toFixed(1).padStart(8)}`;
    console.log(
      `${name.padEnd(36)}${cell(one)}${cell(two)}${`${(two.rps / one.rps).toFixed(2)}x`.padStart(8)}`,
    );
  }
}

/** The first page and the searches at each of {@link SCALES}, the table grown between them; p50 ratios printed. */
async function searchAtScales(port, db, accessToken) {
  const headers = { authorization: `Bearer ${accessToken}` };
  const list = `${PREFIX}/${BIN}/documents`;
  const columns = [];
  let seeded = 0;
  for (const count of SCALES) {
    const seeding = Date.now();
    await seed(db, count, seeded);
    seeded = count;
    console.log(`seeded up to ${count} documents in ${((Date.now() - seeding) / 1000).toFixed(1)} s`);
    const scenarios = [
      ['listDocuments, first page', { port, path: `${list}?box=outgoing`, headers }],
      ...searchScenarios(port, list, headers, rareIdOf(count)),
    ];
    // The grown table's rare counterparty is on its newest SIGNED document only: the rows measure what they say.
    const rare = await fetch(`http://127.0.0.1:${port}${scenarios[1][1].path}`, { headers });
    const found = ((await rare.json()).items ?? []).map((item) => Number(item.id));
    if (found.join() !== String(rareIdOf(count))) throw new Error(`rare search at ${count}: ${found.join()}`);
    const results = new Map();
    for (const [name, options] of scenarios) {
      // A short unmeasured pass first (JIT, the new rows' pages into the cache), then the measured requests.
      await load({ ...options, concurrency: CONCURRENCY, total: 50, warmup: 0 });
      results.set(name, await load({ ...options, concurrency: CONCURRENCY, total: TOTAL, warmup: 0 }));
    }
    columns.push({ count, results });
  }
  console.log(
    `\nsearch p50 against the first page of the same box (issue 22: search p50 <= 20 ms at 1M); concurrency ` +
      `${CONCURRENCY}, ${TOTAL} requests per row, Node ${process.version}\n`,
  );
  const label = (count) =>
    count >= 1e6 ? `${count / 1e6}M` : count >= 1e3 ? `${count / 1e3}k` : String(count);
  console.log(
    `${'scenario'.padEnd(36)}${columns.map(({ count }) => `p50 ms ${label(count)}  vs 1st`.padStart(22)).join('')}`,
  );
  for (const name of columns[0].results.keys()) {
    const cells = columns.map(({ results }) => {
      const p50 = results.get(name).p50;
      const anchor = results.get('listDocuments, first page').p50;
      return `${p50.toFixed(2).padStart(12)} ${`${(p50 / anchor).toFixed(2)}x`.padStart(9)}`;
    });
    console.log(`${name.padEnd(36)}${cells.map((cell) => cell.padStart(22)).join('')}`);
  }
  const last = columns.at(-1);
  const slowest = Math.max(
    ...[...last.results].filter(([name]) => name.startsWith('search')).map(([, r]) => r.p50),
  );
  console.log(
    `\nslowest search p50 at ${label(last.count)}: ${slowest.toFixed(1)} ms, ${(slowest / 20).toFixed(2)}x the 20 ms goal`,
  );
}

/** The reads and searches at {@link COUNT} documents against the bare route: throughput, latency, CPU. */
async function documentReads(port, barePort, bare, server, db, accessToken, counting) {
  const seeding = Date.now();
  await seed(db, COUNT);
  console.log(
    `seeded ${COUNT} documents in ${((Date.now() - seeding) / 1000).toFixed(1)} s (schema ${schema})`,
  );

  // The deep page starts half way through the outgoing box (cursor format: base64url JSON {s, o, v, i}).
  const outgoing = Math.floor((COUNT * 2) / 3);
  const deep = await db.query(
    `select doc_created_at as at, document_id as id from document_participants
     where company_bin = $1 and box = 'outgoing' order by doc_created_at desc, document_id desc offset $2 limit 1`,
    [BIN, Math.floor(outgoing / 2)],
  );
  const cursor = Buffer.from(
    JSON.stringify({
      s: 'createdAt',
      o: 'desc',
      v: new Date(deep.rows[0].at).toISOString(),
      i: deep.rows[0].id,
    }),
  ).toString('base64url');

  const headers = { authorization: `Bearer ${accessToken}` };
  const list = `${PREFIX}/${BIN}/documents`;
  const scenarios = [
    ['bare Fastify route', { port: barePort, path: '/bare' }],
    ['listDocuments, first page', { port, path: `${list}?box=outgoing`, headers }],
    [
      'listDocuments, filtered page',
      { port, path: `${list}?box=outgoing&filter=inProcess&sort=number&order=asc`, headers },
    ],
    ['listDocuments, deep keyset page', { port, path: `${list}?box=outgoing&cursor=${cursor}`, headers }],
    ...searchScenarios(port, list, headers, RARE_ID),
    // The first view of a document per company and day writes a VIEW event (a commit); later views only read.
    [
      'getDocument, first views (random)',
      { port, path: () => `${list}/${1 + Math.floor(Math.random() * COUNT)}`, headers },
    ],
    ['getDocument, repeat views (200 docs)', { port, path: (n) => `${list}/${1 + (n % 200)}`, headers }],
  ];
  // CPU time used by each process during a row: the server (or the bare one), the PostgreSQL backends serving
  // it, and this process, the load generator. They all share the machine's cores.
  const backends = async () =>
    (
      await db.query('select pid from pg_stat_activity where application_name = $1', [applicationName])
    ).rows.map((row) => row.pid);
  const sampleOf = (serverPid) => async () => {
    const pids = await backends();
    const database = await Promise.all(pids.map(processCpuMs));
    const self = process.cpuUsage();
    return {
      server: await processCpuMs(serverPid),
      database: new Map(pids.map((pid, n) => [pid, database[n]])),
      load: (self.user + self.system) / 1000,
    };
  };
  const cpuOf = ({ samples: [before, after] }) => {
    let database = 0;
    for (const [pid, ms] of after.database) database += ms - (before.database.get(pid) ?? 0);
    return { server: after.server - before.server, database, load: after.load - before.load };
  };
  // One unmeasured pass over every row first, so the first measured row does not pay for the JIT alone.
  // Under callgrind the optimising compiler's threads count too: a longer pass lets it finish first.
  for (const [, options] of scenarios) {
    await load({ ...options, concurrency: CONCURRENCY, total: INSTRUCTIONS ? 1000 : 400, warmup: 0 });
  }
  const results = [];
  for (const [name, options] of scenarios) {
    const pid = options.port === barePort ? bare.pid : server.pid;
    if (counting) {
      const counter = counting.counter(pid, pid === server.pid ? BENCH_SERVER_HOST : undefined);
      // Zeroed before the measured requests, read after them (load's `sample` runs at both ends).
      let ends = 0;
      const sample = async () => (ends++ === 0 ? counter.zero() : counter.total());
      const result = await load({ ...options, concurrency: CONCURRENCY, total: TOTAL, sample });
      results.push({ name, ...result, instructions: result.samples[1] });
      continue;
    }
    const result = await load({ ...options, concurrency: CONCURRENCY, total: TOTAL, sample: sampleOf(pid) });
    results.push({ name, ...result, cpu: cpuOf(result) });
  }
  if (counting) {
    const bareInstructions = results[0].instructions / results[0].requests;
    console.log(
      `\ninstructions per request executed by the server process (all threads), valgrind --tool=callgrind; ` +
        `concurrency ${CONCURRENCY}, ${TOTAL} requests per row after a warm-up, Node ${process.version}\n`,
    );
    console.log('scenario                             instructions   vs bare');
    for (const r of results) {
      const perRequest = r.instructions / r.requests;
      console.log(
        `${r.name.padEnd(36)} ${Math.round(perRequest).toLocaleString('en-US').padStart(12)}   ${(perRequest / bareInstructions).toFixed(1).padStart(7)}`,
      );
    }
  } else {
    report(results);
  }
}

/** Throughput, latency and CPU per request of each row. */
function report(results) {
  const bareRps = results[0].rps;
  console.log(
    `\nconcurrency ${CONCURRENCY}, ${TOTAL} requests per row after a warm-up, Node ${process.version}\n`,
  );
  // Searches are read against their anchor, the first page of the same box (issue 22: search p50 <= 20 ms at 1M).
  const firstPage = results.find((r) => r.name === 'listDocuments, first page');
  console.log(
    'scenario                              req/s     p50 ms   p99 ms   vs bare   p50 vs first page',
  );
  for (const r of results) {
    const anchor =
      r.name.startsWith('search') && firstPage ? `${(r.p50 / firstPage.p50).toFixed(2)}x`.padStart(11) : '';
    console.log(
      `${r.name.padEnd(36)} ${r.rps.toFixed(0).padStart(7)} ${r.p50.toFixed(2).padStart(9)} ${r.p99.toFixed(2).padStart(8)}   ${(r.rps / bareRps).toFixed(2).padStart(7)}   ${anchor}`,
    );
  }
  const cores = cpus().length;
  console.log(
    `\nCPU per request (ms), from /proc; busy = their sum / (wall time x ${cores} cores); max req/s = 1000 / server ms\n`,
  );
  console.log(
    'scenario                             server   postgres  load gen     busy   max req/s per server core',
  );
  for (const r of results) {
    const per = (ms) => (ms / r.requests).toFixed(3).padStart(8);
    const busy = (r.cpu.server + r.cpu.database + r.cpu.load) / (r.seconds * 1000 * cores);
    console.log(
      `${r.name.padEnd(36)} ${per(r.cpu.server)} ${per(r.cpu.database)}  ${per(r.cpu.load)}  ${`${(busy * 100).toFixed(0)}%`.padStart(6)}   ${((1000 * r.requests) / r.cpu.server).toFixed(0).padStart(9)}`,
    );
  }
  const reads = results.slice(1);
  const ok = reads.every((r) => r.rps >= 2000 && r.p99 < 50);
  console.log(`\ntarget 2,000 reads/s with p99 < 50 ms: ${ok ? 'met' : 'NOT met'} by every document read`);
}
