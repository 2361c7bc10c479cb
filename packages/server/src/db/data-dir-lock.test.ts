import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';

describe('lockDataDir', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'qoltanba-lock-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('locks once per process and can be taken again after release', async () => {
    const release = await lockDataDir(dir);
    expect(await readFile(join(dir, 'qoltanba.lock'), 'utf8')).toBe(String(process.pid));
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
    await release();
    const again = await lockDataDir(dir);
    await again();
  });

  it('refuses a folder held by another live process', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      await writeFile(join(dir, 'qoltanba.lock'), String(child.pid));
      await expect(lockDataDir(dir)).rejects.toThrow(`in use by process ${child.pid}`);
    } finally {
      child.kill();
    }
  });

  it('takes over a lock left by a dead process', async () => {
    const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((resolve) => child.on('exit', resolve));
    await writeFile(join(dir, 'qoltanba.lock'), String(child.pid));
    const release = await lockDataDir(dir);
    expect(await readFile(join(dir, 'qoltanba.lock'), 'utf8')).toBe(String(process.pid));
    await release();
  });
});
