import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** The server package's folder (the child's working folder, where its node_modules resolve). */
export const SERVER_PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

/**
 * src/main.ts as one ESM file in `outDir` (under node_modules/.cache, so its imports resolve), workspace packages
 * from source: the real server for tests that need it as its own process (a kill, an unhandled 'error' event).
 */
export async function bundleServer(outDir: string): Promise<string> {
  const outfile = join(outDir, 'main.mjs');
  await build({
    entryPoints: [join(SERVER_PACKAGE_DIR, 'src', 'main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['source'],
    logLevel: 'error',
    plugins: [
      {
        name: 'dependencies-external',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@qoltanba/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  return outfile;
}

/** A server started by {@link startServerProcess}. */
export interface ServerProcess {
  /** `http://127.0.0.1:<port>`. */
  base: string;
  child: ChildProcess;
  /** The last 20,000 characters it wrote. */
  output(): string;
  /** How it ended, once it has. */
  exited(): { code: number | null; signal: NodeJS.Signals | null } | undefined;
  /** Sends `signal` and waits until the process is gone. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** Runs the bundled `main` with `env` (plus PATH, NODE_ENV=test, HOST, PORT) and waits until /readyz answers 200. */
export async function startServerProcess(main: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [main], {
    cwd: SERVER_PACKAGE_DIR,
    env: { PATH: process.env.PATH, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const gone = new Promise<void>((resolve) =>
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      resolve();
    }),
  );
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const started: ServerProcess = {
    base,
    child,
    output: () => output,
    exited: () => exited,
    async kill(signal) {
      if (!exited) child.kill(signal);
      await gone;
    },
  };
  for (let attempt = 0; attempt < 300; attempt++) {
    if (exited) throw new Error(`the server exited at start: ${JSON.stringify(exited)}\n${output}`);
    const ready = await fetch(`${base}/readyz`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ready) return started;
    await sleep(100);
  }
  await started.kill('SIGKILL');
  throw new Error(`the server did not get ready\n${output}`);
}
