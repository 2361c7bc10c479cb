import type { EventEmitter } from 'node:events';
import { createApp, type QoltanbaApp } from './app.js';
import { BlobFolderMismatchError } from './blob/blob-folder-marker.js';
import { ConfigError, GENERATED_TOKEN_SECRET_WARNING, loadConfig } from './config/config.js';
import { LOCAL_TOKEN_SECRET_FILE, localTokenSecret } from './config/local-token-secret.js';
import { runtimeModeLine } from './config/runtime-mode.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { type DevSigner, startDevSigner } from './dev/dev-signer.js';
import { type MetricsServer, startMetricsServer } from './metrics/metrics-server.js';

/** The process facilities the server start needs; injectable so start and shutdown can be tested. */
export interface ProcessIo {
  stderr: { write(text: string): void };
  exit(code: number): void;
  /** Emits 'SIGINT' / 'SIGTERM'. */
  signals: Pick<EventEmitter, 'on'>;
  /** Where JSON log lines go (stdout when absent). */
  logStream?: { write(line: string): void };
}

/**
 * Without QOLTANBA_TOKEN_SECRET (development only: production refuses to start), the secret kept in the data folder
 * rather than one for this process, so a restart keeps sessions and what is encrypted with it.
 */
async function withLocalTokenSecret(
  loaded: ReturnType<typeof loadConfig>,
): Promise<ReturnType<typeof loadConfig>> {
  const { config, warnings } = loaded;
  if (!config.tokenSecretGenerated) return loaded;
  return {
    config: { ...config, tokenSecret: await localTokenSecret(config.dataDir) },
    warnings: [
      ...warnings.filter((warning) => warning !== GENERATED_TOKEN_SECRET_WARNING),
      `QOLTANBA_TOKEN_SECRET is not set: using the development secret kept in ${LOCAL_TOKEN_SECRET_FILE} of the data folder.`,
    ],
  };
}

/**
 * Loads the configuration, creates the server and listens. On SIGINT/SIGTERM closes HTTP, then the
 * database, then exits 0; a second signal exits 1 at once. An invalid configuration prints the reason
 * and exits 1 (in production: missing QOLTANBA_TOKEN_SECRET or DATABASE_URL).
 */
export async function runServer(
  env: Record<string, string | undefined>,
  io: ProcessIo,
): Promise<QoltanbaApp | undefined> {
  let loaded: ReturnType<typeof loadConfig>;
  try {
    loaded = loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.stderr.write(`qoltanba: ${error.message}\n`);
    io.exit(1);
    return undefined;
  }

  let server: QoltanbaApp | undefined;
  let devSigner: DevSigner | undefined;
  let metricsServer: MetricsServer | undefined;
  let listening: Promise<unknown> | undefined;
  let stopping = false;
  const shutdown = (running: QoltanbaApp) => {
    // Closing while listen() is still binding crashes Fastify: let it finish first.
    Promise.resolve(listening)
      .catch(() => undefined)
      .then(() => running.close())
      .then(() => devSigner?.close())
      .then(() => metricsServer?.close())
      .then(
        () => {
          running.app.log.info('stopped cleanly');
          io.exit(0);
        },
        (error: unknown) => {
          running.app.log.error({ err: error }, 'shutdown failed');
          io.exit(1);
        },
      );
  };
  const stop = (signal: string) => {
    if (stopping) {
      io.stderr.write(`qoltanba: second ${signal}: exiting without waiting\n`);
      io.exit(1);
      return;
    }
    stopping = true;
    // During start-up the signal is honoured once the database is open, so PGlite is never cut off mid-write.
    if (server) {
      server.app.log.info({ signal }, 'shutting down');
      shutdown(server);
    }
  };
  // Installed before the database opens: the default action would kill the process and leave its lock behind.
  io.signals.on('SIGINT', () => stop('SIGINT'));
  io.signals.on('SIGTERM', () => stop('SIGTERM'));

  try {
    loaded = await withLocalTokenSecret(loaded);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.stderr.write(`qoltanba: ${error.message}\n`);
    io.exit(1);
    return undefined;
  }
  const { config, warnings } = loaded;

  if (config.devSigner) {
    const startSigner = (port: number) => startDevSigner({ trustDir: config.pki.trustDir, port });
    const notStarted = (error: unknown) => {
      io.stderr.write(
        `qoltanba: the development signer did not start (${String(error)}); signing needs NCALayer\n`,
      );
      return undefined;
    };
    devSigner = await startSigner(config.devSignerPort).catch((error: unknown) => {
      if (!isAddressInUse(error) || config.devSignerPort === 0) return notStarted(error);
      // Browsers learn the signer's address from the signing config, so any free port serves as well.
      io.stderr.write(
        `qoltanba: port ${config.devSignerPort} of the development signer is in use (another npm start?); ` +
          'it runs on a free port instead. Set QOLTANBA_DEV_SIGNER_PORT to choose one.\n',
      );
      return startSigner(0).catch(notStarted);
    });
  }
  try {
    // The development signer's TSA stamps signatures unless a real one is configured (QOLTANBA_TSA_URL).
    const timestamping = config.pki.timestamping ?? devSigner?.timestamping;
    server = await createApp(timestamping ? { ...config, pki: { ...config.pki, timestamping } } : config, {
      ...(devSigner ? { devSigner } : {}),
      ...(io.logStream ? { logStream: io.logStream } : {}),
    });
  } catch (error) {
    await devSigner?.close();
    if (!(error instanceof DataDirLockedError || error instanceof BlobFolderMismatchError)) throw error;
    io.stderr.write(`qoltanba: ${error.message}\n`);
    io.exit(1);
    return undefined;
  }
  const log = server.app.log;
  const mode = runtimeModeLine(config);
  log[mode.level]({ mode: config.env, conveniences: mode.conveniences }, mode.message);
  for (const warning of warnings) log.warn(warning);
  if (devSigner)
    log.info(
      { url: devSigner.url, keys: devSigner.keys },
      `Test signer (${devSigner.label}): an NCALayer emulator for development`,
    );
  if (stopping) {
    log.info('shutting down (signal received during start-up)');
    shutdown(server);
    return undefined;
  }

  try {
    listening = server.app.listen({ port: config.port, host: config.host });
    await listening;
  } catch (error) {
    if (isAddressInUse(error))
      io.stderr.write(
        `qoltanba: port ${config.port} on ${config.host} is in use (another server running?). ` +
          'Stop it, or set PORT to a free port (e.g. PORT=8081 npm start).\n',
      );
    else log.error({ err: error }, 'could not listen');
    await server.close();
    await devSigner?.close();
    io.exit(1);
    return undefined;
  }
  if (config.metrics.listen) {
    try {
      metricsServer = await startMetricsServer(server.metrics.registry, {
        ...config.metrics.listen,
        token: config.metrics.token,
      });
      log.info(
        { metrics: `${config.metrics.listen.host}:${metricsServer.address.port}` },
        'metrics served at /metrics',
      );
    } catch (error) {
      // Serving without metrics beats not serving: the operator sees why in the log.
      log.error({ err: error }, `metrics: could not listen on QOLTANBA_METRICS_LISTEN (${String(error)})`);
    }
  }
  log.info(
    { database: server.services.database.kind, dataDir: config.dataDir, env: config.env },
    `Qoltanba is up at http://${config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host}:${config.port}`,
  );
  // Creating the embedded database leaves its initdb's WebAssembly memory (hundreds of MB) as garbage that V8 only
  // collects once the JS heap grows: collect it now, when the start script exposes gc (`npm start` does).
  (globalThis as { gc?: () => void }).gc?.();
  return server;
}

/** Whether a failure to listen is a port already in use. */
function isAddressInUse(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'EADDRINUSE';
}
