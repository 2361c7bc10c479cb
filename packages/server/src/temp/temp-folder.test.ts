import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.js';
import { openTempFolder } from './temp-folder.js';

/** The pid of a process that has just exited: certainly not running (pids are not reused that fast). */
async function deadPid(): Promise<number> {
  const child = spawn('true');
  await once(child, 'exit');
  return child.pid ?? 0;
}

describe('the server temporary folder', () => {
  let base: string;
  beforeEach(async () => {
    base = await mkdtemp(join(tmpdir(), 'qoltanba-temp-'));
  });
  afterEach(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it('removes what dead processes left at start, keeps live ones, and removes its own folder on close', async () => {
    const host = 'host-a';
    const dead = join(base, `${host}~${await deadPid()}~aaaa`);
    const live = join(base, `${host}~${process.ppid}~bbbb`);
    const otherHostStale = join(base, 'host-b~1~cccc');
    const otherHostFresh = join(base, 'host-b~1~dddd');
    for (const folder of [dead, live, otherHostStale, otherHostFresh]) {
      await mkdir(join(folder, 'soffice-profile-0'), { recursive: true });
      await writeFile(join(folder, '.upload.tmp'), Buffer.alloc(3 * 1024 * 1024));
      await writeFile(join(folder, 'alive'), '');
    }
    const longAgo = new Date(Date.now() - 7 * 60 * 60_000);
    await utimes(join(otherHostStale, 'alive'), longAgo, longAgo);

    const temp = await openTempFolder(base, { host });
    expect((await readdir(base)).sort()).toEqual(
      [live, otherHostFresh, temp.root].map((path) => path.slice(base.length + 1)).sort(),
    );
    const run = await temp.makeDir('soffice-run');
    await writeFile(join(run, 'input.docx'), 'x');
    // Another app of this process on the same folder leaves ours alone.
    const sibling = await openTempFolder(base, { host });
    expect(await readdir(base)).toContain(temp.root.slice(base.length + 1));

    await temp.close();
    await sibling.close();
    expect((await readdir(base)).sort()).toEqual(
      [live, otherHostFresh].map((path) => path.slice(base.length + 1)).sort(),
    );
  });

  it('the app cleans leftovers of a killed instance at start and keeps nothing after close', async () => {
    const dataDir = base;
    const leftover = join(
      dataDir,
      'tmp',
      `${hostname().replace(/[^A-Za-z0-9.-]/g, '_')}~${await deadPid()}~eeee`,
    );
    await mkdir(join(leftover, 'soffice-profile-1', 'profile'), { recursive: true });
    await writeFile(join(leftover, '.AAAAAAAAAAAAAAAAAAAAAA.tmp'), Buffer.alloc(3 * 1024 * 1024));
    const app = await createTestApp({ env: { QOLTANBA_DATA_DIR: dataDir } });
    try {
      const folders = await readdir(join(dataDir, 'tmp'));
      expect(folders).toEqual([app.services.temp.root.slice(join(dataDir, 'tmp').length + 1)]);
      // Uploads are written there before they are complete.
      const stored = await app.services.blobs.putStream(
        (async function* () {
          yield new Uint8Array([1, 2, 3]);
          const inTemp = async () =>
            (await readdir(app.services.temp.root)).some((name) => name.endsWith('.tmp'));
          // The write stream opens its file asynchronously: a bounded wait.
          for (let i = 0; i < 200 && !(await inTemp()); i += 1) await new Promise((r) => setTimeout(r, 10));
          expect(await inTemp()).toBe(true);
        })(),
      );
      expect(stored.size).toBe(3);
    } finally {
      await app.close();
    }
    expect(await readdir(join(dataDir, 'tmp'))).toEqual([]);
  });
});
