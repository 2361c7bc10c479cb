import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Runs openssl with files written into a temporary folder; returns stdout+stderr and whether it exited 0.
 * Asynchronous, so a server in the same process (the OCSP responder) can answer it.
 */
export async function openssl(
  args: (dir: string) => string[],
  files: Record<string, Uint8Array | string>,
): Promise<{ ok: boolean; output: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'testkit-openssl-'));
  try {
    for (const [name, data] of Object.entries(files)) await writeFile(join(dir, name), data);
    try {
      const { stdout, stderr } = await run('openssl', args(dir), { timeout: 15_000 });
      return { ok: true, output: `${stdout}${stderr}` };
    } catch (error) {
      const failure = error as { stdout?: string; stderr?: string };
      return { ok: false, output: `${failure.stdout ?? ''}${failure.stderr ?? ''}` };
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
