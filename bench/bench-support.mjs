// What the HTTP benchmarks share: the PostgreSQL they run on, the built server in a throw-away schema, a free port,
// waiting for a server, a JSON POST.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** The built server's entry; BENCH_SERVER_MAIN runs another build (e.g. main's, checked out elsewhere) for a before/after pair. */
export const SERVER_MAIN =
  process.env.BENCH_SERVER_MAIN ?? fileURLToPath(new URL('../packages/server/dist/main.js', import.meta.url));

/** The benchmark database (BENCH_DATABASE_URL, else TEST_DATABASE_URL); exits with a hint when neither is set. */
export function benchDatabaseUrl() {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) return url;
  console.error(
    'bench: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL database, e.g. postgres://root@127.0.0.1:5432/test',
  );
  process.exit(1);
}

/** A TCP port nothing listens on right now. */
export const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Waits (up to `seconds`, a minute by default) until `path` on the local port answers 2xx. */
export async function waitFor(port, path, seconds = 60) {
  for (let i = 0; i < seconds * 10; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}${path}`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing answers on port ${port}`);
}

/** POSTs JSON to the local port and returns the parsed answer; throws on a non-2xx status. */
export async function post(port, path, body) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

const ACCOUNT = '/proxy/account-recovery-api.bpmn';

/**
 * Registers a user through the API (the e-mail code read from the outbox table of `db`) and makes it the main
 * member of company `bin`, created by SQL. Returns the user's access token.
 */
export async function registerMember(port, db, bin) {
  const email = `bench-${Math.random().toString(16).slice(2, 10)}@example.kz`;
  await post(port, `${ACCOUNT}/api/v1/account-recovery/sendCode/registration/email`, { email, lang: 'ru' });
  const { rows } = await db.query(
    'select body from outbox_messages where recipient = $1 order by id desc limit 1',
    [email],
  );
  const code = /\b(\d{6})\b/.exec(rows[0]?.body ?? '')?.[1];
  const ticket = await post(port, `${ACCOUNT}/api/v1/account-recovery/verifyCode/registration/email`, {
    email,
    code,
    lang: 'ru',
  });
  const tokens = await post(port, `${ACCOUNT}/api/v1/account-recovery/registration/complete`, {
    registrationToken: ticket.registrationToken,
    password: 'bench-password-1',
    firstname: 'Бенч',
    lastname: 'Тест',
    lang: 'ru',
  });
  const user = await db.query('select id from users where email = $1', [email]);
  await db.query(
    `insert into companies (bin, kind, name_ru, created_at) values ($1, 'legal', 'ТОО «Бенч»', now())`,
    [bin],
  );
  await db.query(
    'insert into memberships (user_id, company_bin, is_main, created_at) values ($1, $2, true, now())',
    [user.rows[0].id, bin],
  );
  return tokens.access_token;
}

/**
 * A throw-away schema of `url` and a data folder for one bench server: `db` (not yet connected) reads the schema,
 * `drop()` ends both clients and removes schema and folder.
 */
export async function benchSchema(url) {
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'qoltanba-bench-'));
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const db = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  return {
    schema,
    dataDir,
    db,
    async drop() {
      await db.end().catch(() => undefined);
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts the built server (production mode, jobs off, no portal or widget bundles) on `port` against `schema` of
 * the benchmark database, with `dataDir` as its data folder; `env` adds or overrides variables, `nodeArgs` go to
 * node (e.g. --cpu-prof), `wrapper` runs node under another program (e.g. valgrind). Returns the child process;
 * the caller waits for /readyz and kills it.
 */
export function startBenchServer({ url, schema, port, dataDir, env = {}, nodeArgs = [], wrapper = [] }) {
  const searchPath = encodeURIComponent(`-c search_path=${schema}`);
  const [command, ...args] = [...wrapper, process.execPath, ...nodeArgs, SERVER_MAIN];
  return spawn(command, args, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: BENCH_SERVER_HOST,
      DATABASE_URL: `${url}${url.includes('?') ? '&' : '?'}options=${searchPath}`,
      QOLTANBA_DATA_DIR: dataDir,
      QOLTANBA_PORTAL_DIR: join(dataDir, 'none'),
      QOLTANBA_WIDGETS_DIR: join(dataDir, 'none'),
      QOLTANBA_TOKEN_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      HOUSEKEEPING_INTERVAL_MINUTES: '0',
      QOLTANBA_DOCUMENTS_PURGE_INTERVAL_MINUTES: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Where {@link startBenchServer} listens (its HOST variable). */
export const BENCH_SERVER_HOST = '127.0.0.1';

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); NaN when it cannot be read. */
export async function processCpuMs(pid) {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th, in ticks.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}

/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second on every platform Node runs on. */
const CLOCK_TICKS = 100;

/**
 * The way `npm run bench -- instructions` counts: the command prefix that runs a process under callgrind (dumps
 * in `dir`), and a counter of the instructions it executes (all its threads) between `zero()` and `total()`.
 * Instruction counts do not depend on what else the machine runs.
 */
export function callgrind(dir) {
  /** Dumps so far per process: callgrind numbers each process's dump files 1, 2, ... */
  const dumps = new Map();
  return {
    wrapper: [
      'valgrind',
      '-q',
      '--tool=callgrind',
      '--dump-instr=no',
      `--callgrind-out-file=${join(dir, 'callgrind.%p')}`,
    ],
    /**
     * `host`: the HOST variable the process was started with when it is not this process's own (valgrind names
     * its control pipes after it).
     */
    counter(pid, host) {
      const env = host === undefined ? process.env : { ...process.env, HOST: host };
      const control = (option) => {
        const result = spawnSync('callgrind_control', [option, String(pid)], { encoding: 'utf8', env });
        if (result.status !== 0) throw new Error(`callgrind_control ${option} ${pid}: ${result.stderr}`);
      };
      return {
        zero: async () => control('-z'),
        /** Instructions since `zero()`: dumps and reads the dump's totals line. */
        async total() {
          control('-d');
          const dump = (dumps.get(pid) ?? 0) + 1;
          dumps.set(pid, dump);
          const text = await readFile(join(dir, `callgrind.${pid}.${dump}`), 'utf8');
          const totals = /^totals:\s+(\d+)/m.exec(text);
          if (!totals) throw new Error(`no totals in callgrind dump ${dump} of ${pid}`);
          return Number(totals[1]);
        },
      };
    },
  };
}
