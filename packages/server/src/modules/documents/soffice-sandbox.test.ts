import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isAppError } from '@qoltanba/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSofficeConverter, findOnPath } from './soffice.js';
import { type Isolation, resolveIsolation, UNPRIVILEGED_ID } from './soffice-sandbox.js';

const bwrap = findOnPath(['bwrap'], process.env.PATH);
const MEMORY_BYTES = 1536 * 1024 * 1024;

describe('how LibreOffice is isolated', () => {
  const works = async () => undefined;
  const broken = async () => 'user namespaces are off';
  it('sandboxes where bubblewrap works, whatever the environment', async () => {
    expect((await resolveIsolation('auto', true, '/usr/bin/bwrap', works)).kind).toBe('bwrap');
    expect((await resolveIsolation('bwrap', false, '/usr/bin/bwrap', works)).kind).toBe('bwrap');
  });
  it('refuses to run unsandboxed in production or when required; development and tests warn and run', async () => {
    expect(await resolveIsolation('auto', true, undefined, works)).toEqual({
      kind: 'refused',
      reason: 'bwrap (bubblewrap) is not installed',
    });
    expect(await resolveIsolation('auto', true, '/usr/bin/bwrap', broken)).toEqual({
      kind: 'refused',
      reason: 'user namespaces are off',
    });
    expect((await resolveIsolation('bwrap', false, undefined, works)).kind).toBe('refused');
    expect(await resolveIsolation('auto', false, '/usr/bin/bwrap', broken)).toEqual({
      kind: 'none',
      reason: 'user namespaces are off',
    });
  });
  it('runs unsandboxed in production only when asked for explicitly', async () => {
    expect((await resolveIsolation('none', true, '/usr/bin/bwrap', works)).kind).toBe('none');
  });
  it('answers PREVIEW_UNAVAILABLE when refused, without running anything', async () => {
    const runs: string[] = [];
    const converter = createSofficeConverter({
      path: '/bin/true',
      timeoutMs: 5000,
      isolation: { kind: 'refused', reason: 'no sandbox' },
      makeDir: async () => {
        throw new Error('not used');
      },
      onRun: (outcome, _ms, detail) => runs.push(`${outcome}: ${detail}`),
    });
    const error = await converter.convert(new Uint8Array([1]), 'docx').catch((e: unknown) => e);
    expect(isAppError(error) && error.code).toBe('PREVIEW_UNAVAILABLE');
    expect(runs).toEqual(['unavailable: no sandbox']);
  });
});

describe('the bubblewrap sandbox', () => {
  // A stand-in LibreOffice that reports what it can reach: the network, a file of the server, /etc, its user.
  const requests: string[] = [];
  let web: Server;
  let folder: string;
  let fake: string;
  let canary: string;
  let made: string;
  beforeAll(async () => {
    web = createServer((request, response) => {
      requests.push(request.url ?? '');
      response.end('reached');
    });
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    const port = (web.address() as AddressInfo).port;
    folder = await mkdtemp(join(tmpdir(), 'qoltanba-sandbox-'));
    // Readable and searchable by anyone: only the sandbox keeps these out, not permissions.
    await chmod(folder, 0o755);
    canary = join(folder, 'secret.txt');
    await writeFile(canary, 'canary', { mode: 0o644 });
    made = join(folder, 'made');
    await mkdir(made, { mode: 0o777 });
    await chmod(made, 0o777);
    await mkdir(join(folder, 'lo', 'program'), { recursive: true, mode: 0o755 });
    fake = join(folder, 'lo', 'program', 'soffice');
    await writeFile(
      fake,
      [
        '#!/bin/bash',
        'while [ $# -gt 1 ]; do [ "$1" = "--outdir" ] && out="$2"; shift; done',
        'input="$1"',
        'r="uid=$(id -u)"',
        `if (exec 3<>/dev/tcp/127.0.0.1/${port} && printf 'GET /leak HTTP/1.0\\r\\n\\r\\n' >&3 && cat <&3) >/dev/null 2>&1; then r="$r net=open"; else r="$r net=closed"; fi`,
        `if cat "${canary}" >/dev/null 2>&1; then r="$r file=read"; else r="$r file=unreadable"; fi`,
        'if [ -e /etc/passwd ]; then r="$r etc=visible"; else r="$r etc=hidden"; fi',
        `if touch "${made}/x" 2>/dev/null; then r="$r write=host"; else r="$r write=none"; fi`,
        'r="$r vmem=$(ulimit -v) input=$(cat "$input")"',
        'printf "%%PDF-1.4 %s" "$r" > "$out/input.pdf"',
        '',
      ].join('\n'),
      { mode: 0o755 },
    );
  });
  afterAll(async () => {
    await new Promise((resolve) => web.close(resolve));
    await rm(folder, { recursive: true, force: true });
  });

  const convertWith = async (isolation: Isolation) => {
    const converter = createSofficeConverter({
      path: fake,
      timeoutMs: 30_000,
      memoryBytes: MEMORY_BYTES,
      isolation,
      makeDir: async (prefix) => mkdtemp(join(folder, `${prefix}-`)),
    });
    try {
      return (await converter.convert(new TextEncoder().encode('document bytes'), 'docx')).toString();
    } finally {
      await converter.close();
    }
  };

  it.skipIf(!bwrap)(
    'gives LibreOffice no network, no server files, no /etc, no writable host folder, a memory limit, an unprivileged user',
    async () => {
      const isolation = await resolveIsolation('bwrap', true, bwrap);
      expect(isolation.kind, JSON.stringify(isolation)).toBe('bwrap');
      const report = await convertWith(isolation);
      const uid = process.getuid?.() === 0 ? UNPRIVILEGED_ID : process.getuid?.();
      expect(report).toBe(
        `%PDF-1.4 uid=${uid} net=closed file=unreadable etc=hidden write=none vmem=${MEMORY_BYTES / 1024} input=document bytes`,
      );
      expect(requests).toEqual([]);
    },
  );

  it.skipIf(!bwrap)('kills everything in the sandbox when a conversion runs out of time', async () => {
    const hanging = join(folder, 'lo', 'program', 'hangs');
    // A unique argument finds the child on the host, whatever pid it has inside its namespace.
    await writeFile(hanging, '#!/bin/sh\nsleep 987653 &\nwait\n', { mode: 0o755 });
    const outcomes: string[] = [];
    const converter = createSofficeConverter({
      path: hanging,
      timeoutMs: 500,
      isolation: await resolveIsolation('bwrap', true, bwrap),
      makeDir: async (prefix) => mkdtemp(join(folder, `${prefix}-`)),
      onRun: (outcome) => outcomes.push(outcome),
    });
    const error = await converter.convert(new Uint8Array([1]), 'docx').catch((e: unknown) => e);
    await converter.close();
    expect(isAppError(error) && error.code).toBe('PREVIEW_FAILED');
    expect(outcomes).toEqual(['timeout']);
    const sleeping = async () => {
      const found: string[] = [];
      for (const pid of await readdir('/proc')) {
        const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
        const state = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
        const zombie = state.slice(state.lastIndexOf(')') + 2).startsWith('Z');
        if (cmdline.includes('987653') && !zombie) found.push(pid);
      }
      return found;
    };
    let left = await sleeping();
    for (let i = 0; i < 100 && left.length > 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      left = await sleeping();
    }
    expect(left).toEqual([]);
  });

  it('without the sandbox (the explicit opt-out) the same run reaches all of it: the check above is not vacuous', async () => {
    const report = await convertWith({ kind: 'none' });
    expect(report).toContain('net=open');
    expect(report).toContain('file=read');
    expect(report).toContain('etc=visible');
    expect(report).toContain(`vmem=${MEMORY_BYTES / 1024}`);
    expect(requests).toEqual(['/leak']);
  });
});
