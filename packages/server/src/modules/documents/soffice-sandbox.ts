import { spawn } from 'node:child_process';
import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { dirname } from 'node:path';

/** QOLTANBA_PREVIEW_SANDBOX: `auto` sandboxes where bubblewrap works, `bwrap` requires it, `none` opts out. */
export type SandboxSetting = 'auto' | 'bwrap' | 'none';

/** How LibreOffice runs: in a bubblewrap sandbox, without one (a choice or development), or not at all. */
export type Isolation =
  | { kind: 'bwrap'; bwrap: string; uid: number | undefined }
  | { kind: 'none'; reason?: string }
  | { kind: 'refused'; reason: string };

/** The user and group LibreOffice runs as when the server is root: `nobody`/`nogroup`. */
export const UNPRIVILEGED_ID = 65534;

/** The uid and gid to spawn the sandbox with: unprivileged when the server runs as root, else its own. */
export function unprivilegedIds(): { uid: number; gid: number } | undefined {
  return process.getuid?.() === 0 ? { uid: UNPRIVILEGED_ID, gid: UNPRIVILEGED_ID } : undefined;
}

/** /bin, /lib… as the host has them: symlinks into /usr (merged /usr) or read-only folders. */
function rootLinks(): string[] {
  const args: string[] = [];
  for (const path of ['/bin', '/sbin', '/lib', '/lib64', '/lib32', '/libx32']) {
    try {
      const stat = lstatSync(path);
      if (stat.isSymbolicLink()) args.push('--symlink', readlinkSync(path), path);
      else if (stat.isDirectory()) args.push('--ro-bind', path, path);
    } catch {
      // not on this system
    }
  }
  return args;
}

/** An installation outside /usr (/opt/libreoffice7.6/program/soffice) is bound read-only as a whole. */
function installationBind(sofficePath: string): string[] {
  let real: string;
  try {
    real = realpathSync(sofficePath);
  } catch {
    return [];
  }
  if (real.startsWith('/usr/')) return [];
  const root = dirname(dirname(real));
  return root === '/' ? ['--ro-bind', dirname(real), dirname(real)] : ['--ro-bind', root, root];
}

/**
 * bubblewrap's arguments: new namespaces for everything (no network: only a loopback of its own; no other
 * process), killed with its parent, a new session (no terminal), and a file system of read-only /usr, the
 * fonts' and LibreOffice's settings, and an in-memory /tmp of at most `tmpBytes` where `input` is copied from the
 * descriptor. Nothing of the server's data folder, /etc, /home or /root is there to include.
 */
export function sandboxArgs(
  sofficePath: string,
  tmpBytes: number,
  input: { fd: number; path: string },
): string[] {
  return [
    '--unshare-all',
    '--die-with-parent',
    '--new-session',
    '--ro-bind',
    '/usr',
    '/usr',
    ...rootLinks(),
    '--ro-bind-try',
    '/etc/fonts',
    '/etc/fonts',
    '--ro-bind-try',
    '/etc/libreoffice',
    '/etc/libreoffice',
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--size',
    String(tmpBytes),
    '--tmpfs',
    '/tmp',
    // After /tmp, so an installation under /tmp is not hidden by it.
    ...installationBind(sofficePath),
    '--dir',
    dirname(input.path),
    '--file',
    String(input.fd),
    input.path,
    '--chdir',
    '/tmp',
  ];
}

/** Whether bubblewrap can make its sandbox here (user namespaces may be off, or it may lack the rights). */
export async function probeBwrap(bwrap: string, timeoutMs = 10_000): Promise<string | undefined> {
  return new Promise((resolve) => {
    const args = sandboxArgs('/usr/bin/true', 1024 * 1024, { fd: 3, path: '/tmp/work/probe' });
    const child = spawn(bwrap, [...args, '/bin/sh', '-c', 'test -f /tmp/work/probe'], {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
      env: { PATH: '/usr/bin:/bin' },
      ...(unprivilegedIds() ?? {}),
    });
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve('bubblewrap did not answer');
    }, timeoutMs);
    const feed = child.stdio[3];
    if (feed && 'end' in feed) {
      feed.on('error', () => undefined);
      feed.end('probe');
    }
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8').slice(0, 500);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve(error.message);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code === 0 ? undefined : `bubblewrap failed (exit ${code}): ${stderr.trim()}`);
    });
  });
}

/**
 * Decides how LibreOffice runs, once at start. `none` runs it unsandboxed (an explicit choice). Otherwise a working
 * bubblewrap sandboxes it; without one `bwrap` and production refuse to convert (PREVIEW_UNAVAILABLE), and
 * development and test run unsandboxed with a warning.
 */
export async function resolveIsolation(
  setting: SandboxSetting,
  production: boolean,
  bwrap: string | undefined,
  probe: (bwrap: string) => Promise<string | undefined> = probeBwrap,
): Promise<Isolation> {
  if (setting === 'none') return { kind: 'none', reason: 'QOLTANBA_PREVIEW_SANDBOX=none' };
  const problem = bwrap ? await probe(bwrap) : 'bwrap (bubblewrap) is not installed';
  if (bwrap && problem === undefined) {
    return { kind: 'bwrap', bwrap, uid: unprivilegedIds()?.uid };
  }
  const reason = problem ?? 'bubblewrap does not work';
  if (setting === 'bwrap' || production) return { kind: 'refused', reason };
  return { kind: 'none', reason };
}
