import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AppError, type DocumentFileFormat } from '@qoltanba/core';

/** Turns a document into PDF; one conversion at a time. */
export interface PdfConverter {
  /** The PDF bytes; PREVIEW_UNAVAILABLE when LibreOffice is missing, PREVIEW_FAILED when it fails or times out. */
  convert(input: Uint8Array, format: DocumentFileFormat): Promise<Buffer>;
  /** Kills a running conversion and removes the profile folder. */
  close(): Promise<void>;
}

/** The first of `names` that is an executable file on `PATH`. */
export function findOnPath(names: readonly string[], path: string | undefined): string | undefined {
  for (const folder of (path ?? '').split(delimiter)) {
    if (!folder) continue;
    for (const name of names) {
      const candidate = join(folder, name);
      try {
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        // not here
      }
    }
  }
  return undefined;
}

/** Options of {@link createSofficeConverter}. */
export interface SofficeOptions {
  /** Executable; undefined means none is installed (every conversion answers PREVIEW_UNAVAILABLE). */
  path: string | undefined;
  timeoutMs: number;
  /** Told about each run (for logs): the outcome and how long it took. */
  onRun?: (outcome: 'converted' | 'failed' | 'timeout' | 'unavailable', ms: number, detail?: string) => void;
}

const STDERR_KEEP = 2000;

/**
 * Converts with LibreOffice headless as a real subprocess (`soffice --headless --convert-to pdf`): its own
 * profile folder (-env:UserInstallation) so it never meets a desktop instance's lock, one conversion at a
 * time (LibreOffice serialises on its profile anyway, and it is heavy), and a timeout that kills the whole
 * process group, since soffice starts a child of its own.
 */
export function createSofficeConverter(options: SofficeOptions): PdfConverter {
  let tail: Promise<unknown> = Promise.resolve();
  let profileRoot: Promise<string> | undefined;
  let running: ChildProcess | undefined;
  let closed = false;

  const profile = () => {
    profileRoot ??= mkdtemp(join(tmpdir(), 'qoltanba-soffice-'));
    return profileRoot;
  };
  const resetProfile = async () => {
    const root = profileRoot;
    profileRoot = undefined;
    if (root) await rm(await root, { recursive: true, force: true });
  };
  const killGroup = (child: ChildProcess) => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  };

  async function runOnce(input: Uint8Array, format: DocumentFileFormat): Promise<Buffer> {
    const started = Date.now();
    const report = (outcome: Parameters<NonNullable<SofficeOptions['onRun']>>[0], detail?: string) =>
      options.onRun?.(outcome, Date.now() - started, detail);
    if (!options.path || closed) {
      report('unavailable');
      throw new AppError('PREVIEW_UNAVAILABLE');
    }
    const work = await mkdtemp(join(tmpdir(), 'qoltanba-preview-'));
    try {
      const source = join(work, `input.${format}`);
      await writeFile(source, input);
      const installation = pathToFileURL(join(await profile(), 'profile')).href;
      const args = [
        '--headless',
        '--norestore',
        '--nologo',
        '--nolockcheck',
        `-env:UserInstallation=${installation}`,
        '--convert-to',
        'pdf',
        '--outdir',
        work,
        source,
      ];
      const outcome = await new Promise<
        | { kind: 'exit'; code: number | null; stderr: string }
        | { kind: 'error'; stderr: string }
        | { kind: 'timeout'; stderr: string }
      >((resolve) => {
        let stderr = '';
        const child = spawn(options.path as string, args, {
          detached: true,
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        running = child;
        const timer = setTimeout(() => {
          killGroup(child);
          resolve({ kind: 'timeout', stderr });
        }, options.timeoutMs);
        child.stderr?.on('data', (chunk: Buffer) => {
          if (stderr.length < STDERR_KEEP)
            stderr += chunk.toString('utf8').slice(0, STDERR_KEEP - stderr.length);
        });
        child.on('error', () => {
          clearTimeout(timer);
          resolve({ kind: 'error', stderr });
        });
        child.on('close', (code) => {
          clearTimeout(timer);
          resolve({ kind: 'exit', code, stderr });
        });
      });
      running = undefined;
      if (outcome.kind === 'error') {
        report('unavailable', outcome.stderr);
        throw new AppError('PREVIEW_UNAVAILABLE');
      }
      if (outcome.kind === 'timeout') {
        // A killed run may leave a half-written profile behind: the next run starts with a fresh one.
        await resetProfile();
        report('timeout', outcome.stderr);
        throw new AppError('PREVIEW_FAILED');
      }
      const pdf = await readFile(join(work, 'input.pdf')).catch(() => undefined);
      if (outcome.code !== 0 || !pdf || !pdf.subarray(0, 5).equals(Buffer.from('%PDF-'))) {
        report('failed', outcome.stderr);
        throw new AppError('PREVIEW_FAILED');
      }
      report('converted');
      return pdf;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  return {
    convert(input, format) {
      const result = tail.then(() => runOnce(input, format));
      tail = result.catch(() => undefined);
      return result;
    },
    async close() {
      closed = true;
      if (running) killGroup(running);
      await tail;
      await resetProfile();
    },
  };
}
