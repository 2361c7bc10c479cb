import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AppError, type DocumentFileFormat } from '@qoltanba/core';
import { type Isolation, sandboxArgs, unprivilegedIds } from './soffice-sandbox.js';

/** Turns a document into PDF; at most `workers` conversions at a time. */
export interface PdfConverter {
  /** The PDF bytes; PREVIEW_UNAVAILABLE when LibreOffice is missing, PREVIEW_FAILED when it fails or times out. */
  convert(input: Uint8Array, format: DocumentFileFormat): Promise<Buffer>;
  /** Kills running conversions and removes their folders. */
  close(): Promise<void>;
}

/** The first of `names` that is an executable file on `PATH`. */
export function findOnPath(names: readonly string[], path: string | undefined): string | undefined {
  for (const folder of (path ?? '').split(delimiter)) {
    if (!folder) continue;
    for (const name of names) {
      const candidate = join(folder, name);
      if (isExecutable(candidate)) return candidate;
    }
  }
  return undefined;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The cause of a PREVIEW_FAILED whose conversion ran out of time: such a content is not converted again. */
export class ConversionTimeout extends Error {
  constructor() {
    super('conversion timed out');
    this.name = 'ConversionTimeout';
  }
}

/** Outcome of one run, for logs. */
export type ConversionOutcome = 'converted' | 'failed' | 'timeout' | 'unavailable';

/** Options of {@link createSofficeConverter}. */
export interface SofficeOptions {
  /** Executable; undefined means none is installed (every conversion answers PREVIEW_UNAVAILABLE). */
  path: string | undefined;
  timeoutMs: number;
  /** Conversions that may run at once, each with its own profile. */
  workers?: number;
  /** Address-space limit of LibreOffice (`ulimit -v`); also bounds the sandbox's in-memory /tmp. */
  memoryBytes?: number;
  /**
   * How LibreOffice is isolated; resolved once at start (see `resolveIsolation`). A promise so the module can
   * probe the sandbox without delaying its registration. `refused` answers PREVIEW_UNAVAILABLE.
   */
  isolation?: Promise<Isolation> | Isolation;
  /** Makes a new empty folder for one run's files or a worker's profile (the server's temporary folder). */
  makeDir: (prefix: string) => Promise<string>;
  /** Told about each run (for logs): the outcome and how long it took. */
  onRun?: (outcome: ConversionOutcome, ms: number, detail?: string) => void;
}

const STDERR_KEEP = 2000;
const DEFAULT_MEMORY_BYTES = 2 * 1024 * 1024 * 1024;
/** A PDF larger than this is not a preview anyone waits for. */
const MAX_PDF_BYTES = 100 * 1024 * 1024;
/** Where the sandbox sees the run's files (its own in-memory /tmp). */
const SANDBOX_WORK = '/tmp/work';

/**
 * Runs LibreOffice and prints the PDF on stdout: LibreOffice's own output goes to stderr, its address space is
 * limited, and the PDF is read back from the work folder only when it exited cleanly.
 */
const RUNNER =
  's="$1"; w="$2"; kb="$3"; shift 3; ulimit -v "$kb" || exit 97; "$s" "$@" 1>&2 || exit $?; exec cat "$w/input.pdf"';

/**
 * Converts with LibreOffice headless as a real subprocess (`soffice --headless --convert-to pdf`). In the bubblewrap
 * sandbox (the default where it works) each run sees no network, only /usr, fonts and its own in-memory /tmp with
 * the input (no data folder, no /etc, no home), runs as an unprivileged user when the server is root, and starts
 * from a fresh profile; unsandboxed (an explicit choice) each worker keeps a profile folder of its own. Either way
 * the address space is limited and a timeout kills the whole process group, since soffice starts a child of its own.
 */
export function createSofficeConverter(options: SofficeOptions): PdfConverter {
  const workers = Math.max(1, options.workers ?? 1);
  const memoryKb = Math.floor((options.memoryBytes ?? DEFAULT_MEMORY_BYTES) / 1024);
  const isolation = Promise.resolve(options.isolation ?? ({ kind: 'none' } satisfies Isolation));
  const free: number[] = Array.from({ length: workers }, (_, slot) => slot);
  const waiting: Array<(slot: number) => void> = [];
  const profiles = new Map<number, string>();
  const running = new Set<ChildProcess>();
  let closed = false;

  const acquire = () =>
    new Promise<number>((resolve) => {
      const slot = free.shift();
      if (slot !== undefined) resolve(slot);
      else waiting.push(resolve);
    });
  const release = (slot: number) => {
    const next = waiting.shift();
    if (next) next(slot);
    else free.push(slot);
  };
  const profileOf = async (slot: number) => {
    let folder = profiles.get(slot);
    if (!folder) {
      folder = await options.makeDir(`soffice-profile-${slot}`);
      profiles.set(slot, folder);
    }
    return folder;
  };
  const resetProfile = async (slot: number) => {
    const folder = profiles.get(slot);
    profiles.delete(slot);
    if (folder) await rm(folder, { recursive: true, force: true });
  };
  const killGroup = (child: ChildProcess) => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  };

  async function runOnce(slot: number, input: Uint8Array, format: DocumentFileFormat): Promise<Buffer> {
    const started = Date.now();
    const report = (outcome: ConversionOutcome, detail?: string) =>
      options.onRun?.(outcome, Date.now() - started, detail);
    const mode = await isolation;
    if (!options.path || closed || mode.kind === 'refused' || !isExecutable(options.path)) {
      report('unavailable', mode.kind === 'refused' ? mode.reason : undefined);
      throw new AppError('PREVIEW_UNAVAILABLE');
    }
    const sandboxed = mode.kind === 'bwrap';
    const work = sandboxed ? undefined : await options.makeDir('soffice-run');
    try {
      const folder = work ?? SANDBOX_WORK;
      const source = join(folder, `input.${format}`);
      if (work) await writeFile(source, input);
      const profile = sandboxed ? '/tmp/profile' : join(await profileOf(slot), 'profile');
      if (!sandboxed) await mkdir(profile, { recursive: true });
      const soffice = [
        '--headless',
        '--norestore',
        '--nologo',
        '--nolockcheck',
        '--nodefault',
        `-env:UserInstallation=${pathToFileURL(profile).href}`,
        '--convert-to',
        'pdf',
        '--outdir',
        folder,
        source,
      ];
      const runner = ['-c', RUNNER, 'soffice-runner', options.path, folder, String(memoryKb), ...soffice];
      const [command, args] =
        mode.kind === 'bwrap'
          ? [
              mode.bwrap,
              [...sandboxArgs(options.path, memoryKb * 1024, { fd: 3, path: source }), '/bin/sh', ...runner],
            ]
          : ['/bin/sh', runner];
      const ids = sandboxed ? unprivilegedIds() : undefined;
      const outcome = await new Promise<
        | { kind: 'exit'; code: number | null; pdf: Buffer; stderr: string }
        | { kind: 'error'; stderr: string }
        | { kind: 'timeout'; stderr: string }
        | { kind: 'too-large'; stderr: string }
      >((resolve) => {
        let stderr = '';
        const pdf: Buffer[] = [];
        let pdfBytes = 0;
        const child = spawn(command, args, {
          detached: true,
          stdio: ['ignore', 'pipe', 'pipe', sandboxed ? 'pipe' : 'ignore'],
          env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8', HOME: sandboxed ? '/tmp' : folder },
          ...(ids ?? {}),
        });
        running.add(child);
        const settle = (result: Parameters<typeof resolve>[0]) => {
          clearTimeout(timer);
          running.delete(child);
          resolve(result);
        };
        const timer = setTimeout(() => {
          killGroup(child);
          settle({ kind: 'timeout', stderr });
        }, options.timeoutMs);
        const feed = child.stdio[3];
        if (feed && 'end' in feed) {
          // The sandbox copies the input from this pipe into its /tmp before LibreOffice starts.
          feed.on('error', () => undefined);
          feed.end(input);
        }
        child.stdout?.on('data', (chunk: Buffer) => {
          pdfBytes += chunk.byteLength;
          if (pdfBytes > MAX_PDF_BYTES) {
            killGroup(child);
            settle({ kind: 'too-large', stderr });
          } else pdf.push(chunk);
        });
        child.stderr?.on('data', (chunk: Buffer) => {
          if (stderr.length < STDERR_KEEP)
            stderr += chunk.toString('utf8').slice(0, STDERR_KEEP - stderr.length);
        });
        child.on('error', () => settle({ kind: 'error', stderr }));
        child.on('close', (code) => settle({ kind: 'exit', code, pdf: Buffer.concat(pdf), stderr }));
      });
      if (outcome.kind === 'error') {
        report('unavailable', outcome.stderr);
        throw new AppError('PREVIEW_UNAVAILABLE');
      }
      if (outcome.kind === 'timeout' || outcome.kind === 'too-large') {
        // A killed run may leave a half-written profile behind: the next run starts with a fresh one.
        await resetProfile(slot);
        report(outcome.kind === 'timeout' ? 'timeout' : 'failed', outcome.stderr);
        const cause = outcome.kind === 'timeout' ? new ConversionTimeout() : undefined;
        throw new AppError('PREVIEW_FAILED', undefined, { cause });
      }
      const pdf = outcome.pdf;
      if (outcome.code !== 0 || !pdf.subarray(0, 5).equals(Buffer.from('%PDF-'))) {
        report('failed', `exit ${outcome.code}: ${outcome.stderr}`);
        throw new AppError('PREVIEW_FAILED');
      }
      report('converted');
      return pdf;
    } finally {
      if (work) await rm(work, { recursive: true, force: true });
    }
  }

  return {
    async convert(input, format) {
      const slot = await acquire();
      try {
        return await runOnce(slot, input, format);
      } finally {
        release(slot);
      }
    },
    async close() {
      closed = true;
      for (const child of running) killGroup(child);
      // Runs waiting for a slot find `closed` and answer PREVIEW_UNAVAILABLE.
      while (free.length < workers) await new Promise((resolve) => setTimeout(resolve, 10));
      await Promise.all([...profiles.keys()].map(resetProfile));
    },
  };
}
