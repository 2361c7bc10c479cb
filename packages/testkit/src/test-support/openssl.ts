import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Runs openssl with files written into a temporary folder; returns stdout+stderr and whether it exited 0. */
export function openssl(
  args: (dir: string) => string[],
  files: Record<string, Uint8Array | string>,
): { ok: boolean; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'testkit-openssl-'));
  try {
    for (const [name, data] of Object.entries(files)) writeFileSync(join(dir, name), data);
    try {
      const output = execFileSync('openssl', args(dir), {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      return { ok: true, output };
    } catch (error) {
      const failure = error as { stdout?: string; stderr?: string };
      return { ok: false, output: `${failure.stdout ?? ''}${failure.stderr ?? ''}` };
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
