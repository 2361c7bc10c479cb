import { EventEmitter } from 'node:events';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runServer } from './cli.js';
import { LOCAL_TOKEN_SECRET_FILE } from './config/local-token-secret.js';
import { deferred } from './testing/deferred.js';

function fakeIo() {
  const stderr: string[] = [];
  const signals = new EventEmitter();
  const exitCode = deferred<number>();
  const exit = vi.fn((code: number) => exitCode.resolve(code));
  return {
    io: { stderr: { write: (t: string) => void stderr.push(t) }, exit, signals },
    stderr,
    signals,
    exited: exitCode.promise,
    exit,
  };
}

describe('runServer', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  it('refuses to start in production without secrets: message and exit code 1', async () => {
    const { io, stderr, exit } = fakeIo();
    const server = await runServer({ NODE_ENV: 'production' }, io);
    expect(server).toBeUndefined();
    expect(exit).toHaveBeenCalledWith(1);
    expect(stderr.join('')).toContain('QOLTANBA_TOKEN_SECRET and DATABASE_URL');
  });

  it('without NODE_ENV runs production: refuses without secrets and says how to run locally', async () => {
    const { io, stderr, exit } = fakeIo();
    expect(await runServer({}, io)).toBeUndefined();
    expect(exit).toHaveBeenCalledWith(1);
    expect(stderr.join('')).toContain('NODE_ENV is not set, so this is production');
    expect(stderr.join('')).toContain('npm start');
  });

  it('refuses an unknown NODE_ENV: message and exit code 1', async () => {
    const { io, stderr, exit } = fakeIo();
    expect(await runServer({ NODE_ENV: 'prod' }, io)).toBeUndefined();
    expect(exit).toHaveBeenCalledWith(1);
    expect(stderr.join('')).toContain('NODE_ENV="prod" is not a known mode');
  });

  it('says loudly at start that development runs, listing the conveniences that are on', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'qoltanba-cli-'));
    dirs.push(dataDir);
    const lines: string[] = [];
    const { io, signals, exited } = fakeIo();
    const env = {
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      QOLTANBA_DATA_DIR: dataDir,
      QOLTANBA_DEV_SIGNER: 'false',
    };
    const server = await runServer(env, { ...io, logStream: { write: (line) => void lines.push(line) } });
    if (!server) throw new Error('server did not start');
    signals.emit('SIGTERM');
    expect(await exited).toBe(0);
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const modeLine = records.find((record) => record.mode !== undefined);
    expect(modeLine).toMatchObject({ level: 40, mode: 'development' });
    expect(modeLine?.msg).toMatch(/^running in DEVELOPMENT mode/);
    expect(modeLine?.conveniences).toEqual(
      expect.arrayContaining([
        expect.stringContaining('dev outbox'),
        'NCA test IIN/BIN numbers accepted',
        'webhooks to private and loopback addresses allowed',
        expect.stringContaining('embedded PGlite'),
      ]),
    );
  });

  it('refuses to start in production with the NCA test numbers accepted: message and exit code 1', async () => {
    const { io, stderr, exit } = fakeIo();
    const server = await runServer(
      {
        NODE_ENV: 'production',
        QOLTANBA_TOKEN_SECRET: 'p'.repeat(48),
        DATABASE_URL: 'postgres://unused.invalid/db',
        QOLTANBA_IDENTITY_TEST_MODE: 'true',
      },
      io,
    );
    expect(server).toBeUndefined();
    expect(exit).toHaveBeenCalledWith(1);
    expect(stderr.join('')).toContain('QOLTANBA_IDENTITY_TEST_MODE=true is not allowed');
  });

  it('honours a signal received during start-up once the database is open', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'qoltanba-cli-'));
    dirs.push(dataDir);
    const { io, signals, exited } = fakeIo();
    const starting = runServer(
      { NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', QOLTANBA_DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      io,
    );
    signals.emit('SIGINT');
    expect(await starting).toBeUndefined();
    expect(await exited).toBe(0);
    expect(await readdir(join(dataDir, 'pglite'))).not.toContain('qoltanba.lock');
  });

  it("a busy port: the dev signer moves to a free one and says so; the server's own port exits with a hint, no stack", async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const address = busy.address();
    if (address === null || typeof address === 'string') throw new Error('no address');
    try {
      const dataDir = await mkdtemp(join(tmpdir(), 'qoltanba-cli-'));
      dirs.push(dataDir);
      const env = {
        NODE_ENV: 'development',
        PORT: '0',
        HOST: '127.0.0.1',
        QOLTANBA_DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        QOLTANBA_DEV_SIGNER: 'true',
        QOLTANBA_DEV_SIGNER_PORT: String(address.port),
      };
      const signer = fakeIo();
      const server = await runServer(env, signer.io);
      if (!server) throw new Error('server did not start');
      expect(signer.stderr.join('')).toContain(`port ${address.port} of the development signer is in use`);
      expect(signer.stderr.join('')).toContain('QOLTANBA_DEV_SIGNER_PORT');
      expect(server.services.signingConfig.ncaLayerUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
      expect(server.services.signingConfig.ncaLayerUrl).not.toContain(`:${address.port}`);
      signer.signals.emit('SIGTERM');
      expect(await signer.exited).toBe(0);

      const taken = fakeIo();
      const refused = await runServer(
        { ...env, PORT: String(address.port), QOLTANBA_DEV_SIGNER: 'false' },
        taken.io,
      );
      expect(refused).toBeUndefined();
      expect(await taken.exited).toBe(1);
      expect(taken.stderr.join('')).toContain(`port ${address.port} on 127.0.0.1 is in use`);
      expect(taken.stderr.join('')).toContain('set PORT');
    } finally {
      await new Promise((resolve) => busy.close(resolve));
    }
  }, 180_000);

  it('starts on PGlite in the data folder, serves HTTP, and shuts down cleanly on SIGTERM; a restart reuses the data', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'qoltanba-cli-'));
    dirs.push(dataDir);
    const env = {
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      QOLTANBA_DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
    };

    const first = fakeIo();
    const server = await runServer(env, first.io);
    if (!server) throw new Error('server did not start');
    // A second server on the same data folder is refused while the first runs.
    const intruder = fakeIo();
    expect(await runServer(env, intruder.io)).toBeUndefined();
    expect(intruder.exit).toHaveBeenCalledWith(1);
    expect(intruder.stderr.join('')).toContain('already open');
    const address = server.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no address');
    const health = await fetch(`http://127.0.0.1:${address.port}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok' });
    await server.services.mailer.send({ to: 'kept@example.kz', subject: 's', text: 'survives restart' });
    first.signals.emit('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(server.app.server.listening).toBe(false);
    expect(await readdir(join(dataDir, 'pglite'))).not.toContain('qoltanba.lock');
    expect(await readdir(join(dataDir, 'pglite'))).toContain('PG_VERSION');

    // No QOLTANBA_TOKEN_SECRET: one is kept in the data folder, owner-only, and the restart uses the same.
    const secretFile = join(dataDir, LOCAL_TOKEN_SECRET_FILE);
    const kept = (await readFile(secretFile, 'utf8')).trim();
    expect(kept.length).toBeGreaterThanOrEqual(32);
    expect((await stat(secretFile)).mode & 0o777).toBe(0o600);
    expect(server.config.tokenSecret).toBe(kept);

    const second = fakeIo();
    const again = await runServer(env, second.io);
    if (!again) throw new Error('server did not restart');
    expect(again.config.tokenSecret).toBe(kept);
    const rows = await again.services.database.db.selectFrom('outbox_messages').select('body').execute();
    expect(rows.map((r) => r.body)).toEqual(['survives restart']);
    second.signals.emit('SIGINT');
    expect(await second.exited).toBe(0);
    // Two start-ups of the embedded database (one creating its cluster): past 30 s on a loaded 2-core machine.
  }, 120_000);

  it('uses QOLTANBA_TOKEN_SECRET when set, and refuses a data folder whose kept secret is unusable', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'qoltanba-cli-'));
    dirs.push(dataDir);
    const env = {
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      QOLTANBA_DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
    };
    const configured = fakeIo();
    const server = await runServer({ ...env, QOLTANBA_TOKEN_SECRET: 's'.repeat(48) }, configured.io);
    if (!server) throw new Error('server did not start');
    expect(server.config.tokenSecret).toBe('s'.repeat(48));
    expect(await readdir(dataDir)).not.toContain(LOCAL_TOKEN_SECRET_FILE);
    configured.signals.emit('SIGTERM');
    expect(await configured.exited).toBe(0);

    await writeFile(join(dataDir, LOCAL_TOKEN_SECRET_FILE), 'short\n');
    const refused = fakeIo();
    expect(await runServer(env, refused.io)).toBeUndefined();
    expect(refused.exit).toHaveBeenCalledWith(1);
    expect(refused.stderr.join('')).toContain('holds no usable token secret');
  });
});
