import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleDocx, sampleOdt, samplePdf } from '../../testing/document-files.js';
import { COMPANIES, type DocumentsSuite, documentPaths, useDocumentsSuite } from '../../testing/documents.js';
import {
  docxLinkingImages,
  odtLinkingImages,
  samplePng,
  zipBombDocx,
} from '../../testing/hostile-documents.js';
import { testDatabases } from '../../testing/test-databases.js';
import { findOnPath } from './soffice.js';

const { sender } = COMPANIES;
const soffice = findOnPath(['soffice', 'libreoffice'], process.env.PATH);

type FileRow = { id: number; format: string };

async function documentWithFiles(suite: DocumentsSuite) {
  const token = await suite.user('alice@example.kz', [sender]);
  const pdf = samplePdf('original');
  const created = await suite.create(token, sender.bin, undefined, [
    { filename: 'scan.pdf', bytes: pdf },
    { filename: 'Договор.docx', bytes: sampleDocx('Договор поставки') },
    { filename: 'annex.odt', bytes: sampleOdt('Приложение') },
  ]);
  const files = created.files as FileRow[];
  const idOf = (format: string) => files.find((file) => file.format === format)?.id ?? 0;
  const paths = documentPaths(sender.bin, created.id);
  return {
    token,
    pdf,
    created,
    paths,
    preview: (format: string) => suite.request(token, 'GET', paths.preview(idOf(format))),
  };
}

/** Whether a process runs (a killed child left unreaped by the container's init shows as a zombie, Z). */
async function running(pid: number): Promise<boolean> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (stat !== undefined) return stat.slice(stat.lastIndexOf(')') + 2).charAt(0) !== 'Z';
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Moves the remembered failures `seconds` into the past (the session's clock stays, so its token does too). */
async function ageFailures(suite: DocumentsSuite, seconds: number): Promise<void> {
  await suite.server.services.database.db
    .updateTable('document_preview_failures')
    .set({ failed_at: new Date(suite.clock.now().getTime() - seconds * 1000) })
    .execute();
}

const conversions = (suite: DocumentsSuite) =>
  suite.server.logRecords().filter((entry) => entry.msg === 'preview converted').length;

describe.each(testDatabases())('previews with LibreOffice on $name', (backend) => {
  const suite = useDocumentsSuite(backend, { env: { QOLTANBA_PREVIEW_TIMEOUT_SECONDS: '120' } });

  it.skipIf(!soffice)(
    'converts doc formats to PDF once per content, and serves PDFs as they are',
    async () => {
      const { token, pdf, created, paths, preview } = await documentWithFiles(suite);
      const original = await preview('pdf');
      expect(original.statusCode).toBe(200);
      expect(original.rawPayload.equals(pdf)).toBe(true);
      expect(original.headers['content-type']).toBe('application/pdf');
      expect(original.headers['content-disposition']).toBe(
        `inline; filename="scan.pdf"; filename*=UTF-8''scan.pdf`,
      );
      expect(conversions(suite)).toBe(0);

      const [docx, again] = await Promise.all([preview('docx'), preview('docx')]);
      expect(docx.statusCode, docx.body.slice(0, 200)).toBe(200);
      expect(docx.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(again.rawPayload.equals(docx.rawPayload)).toBe(true);
      expect(docx.headers['content-disposition']).toContain(
        `filename*=UTF-8''${encodeURIComponent('Договор.pdf')}`,
      );
      expect(conversions(suite)).toBe(1);
      expect((await preview('docx')).statusCode).toBe(200);
      expect(conversions(suite)).toBe(1);

      // A copy has the same content: its preview comes from the cache.
      const copy = (await suite.request(token, 'POST', paths.copy)).json();
      const copiedDocx = (copy.files as FileRow[]).find((file) => file.format === 'docx')?.id ?? 0;
      const cached = await suite.request(
        token,
        'GET',
        documentPaths(sender.bin, copy.id).preview(copiedDocx),
      );
      expect(cached.rawPayload.equals(docx.rawPayload)).toBe(true);
      expect(conversions(suite)).toBe(1);

      const odt = await preview('odt');
      expect(odt.statusCode).toBe(200);
      expect(odt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(conversions(suite)).toBe(2);
      // The original is still what the document holds (and what gets signed).
      const download = await suite.request(
        token,
        'GET',
        paths.file((created.files as FileRow[])[1]?.id ?? 0),
      );
      expect(download.rawPayload.subarray(0, 2).toString()).toBe('PK');
    },
    120_000,
  );
});

describe.each(testDatabases())('hostile documents with LibreOffice on $name', (backend) => {
  const suite = useDocumentsSuite(backend, { env: { QOLTANBA_PREVIEW_TIMEOUT_SECONDS: '120' } });
  // What a document points to: a web server on loopback (SSRF) and a local file (inclusion).
  const requests: string[] = [];
  let web: Server;
  let baseUrl = '';
  let canaryFolder = '';
  let canaryUrl = '';
  beforeAll(async () => {
    web = createServer((request, response) => {
      requests.push(request.url ?? '');
      response.writeHead(302, { location: `${baseUrl}/followed.png` }).end();
    });
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
    canaryFolder = await mkdtemp(join(tmpdir(), 'qoltanba-canary-'));
    // Readable by anyone: only the sandbox and the stripping keep it out, not permissions.
    await chmod(canaryFolder, 0o755);
    // 37 × 23 pixels: a PDF that includes it says /Width 37 /Height 23 in plain text.
    const canary = join(canaryFolder, 'canary.png');
    await writeFile(canary, samplePng(37, 23), { mode: 0o644 });
    canaryUrl = pathToFileURL(canary).href;
  });
  afterAll(async () => {
    await new Promise((resolve) => web.close(resolve));
    await rm(canaryFolder, { recursive: true, force: true });
  });

  const includesCanary = (pdf: Buffer) => pdf.toString('latin1').includes('/Width 37');

  it('says at start how LibreOffice is isolated', () => {
    const said = suite.server
      .logRecords()
      .map((entry) => String(entry.msg))
      .filter((msg) => msg.startsWith('previews:') || msg.startsWith('LibreOffice not found'));
    expect(said).toHaveLength(1);
    if (soffice && findOnPath(['bwrap'], process.env.PATH)) expect(said[0]).toContain('bubblewrap sandbox');
  });

  it.skipIf(!soffice)(
    'a DOCX with external images: nothing is fetched, no local file is read, the preview still renders',
    async () => {
      const token = await suite.user('alice@example.kz', [sender]);
      const created = await suite.create(token, sender.bin, undefined, [
        {
          filename: 'linked.docx',
          bytes: docxLinkingImages('Visible text', [`${baseUrl}/docx-image.png`, canaryUrl]),
        },
      ]);
      const fileId = (created.files as FileRow[])[0]?.id ?? 0;
      const res = await suite.request(token, 'GET', documentPaths(sender.bin, created.id).preview(fileId));
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(requests).toEqual([]);
      expect(includesCanary(res.rawPayload)).toBe(false);
    },
    120_000,
  );

  it.skipIf(!soffice)(
    'an ODT with draw:image xlink:href to a URL and a file: nothing is fetched or included, the preview renders',
    async () => {
      const token = await suite.user('alice@example.kz', [sender]);
      const created = await suite.create(token, sender.bin, undefined, [
        {
          filename: 'linked.odt',
          bytes: odtLinkingImages('Visible text', [`${baseUrl}/odt-image.png`, canaryUrl]),
        },
      ]);
      const fileId = (created.files as FileRow[])[0]?.id ?? 0;
      const res = await suite.request(token, 'GET', documentPaths(sender.bin, created.id).preview(fileId));
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(requests).toEqual([]);
      expect(includesCanary(res.rawPayload)).toBe(false);
    },
    120_000,
  );
});

describe.each(testDatabases())('previews without LibreOffice on $name', (backend) => {
  const suite = useDocumentsSuite(backend, { env: { QOLTANBA_SOFFICE_PATH: '/nonexistent/bin/soffice' } });

  it('answers 503 PREVIEW_UNAVAILABLE for doc formats; PDFs and everything else keep working', async () => {
    const { paths, token, preview } = await documentWithFiles(suite);
    const docx = await preview('docx');
    expect(docx.statusCode).toBe(503);
    expect(docx.json().code).toBe('PREVIEW_UNAVAILABLE');
    expect((await preview('pdf')).statusCode).toBe(200);
    expect((await suite.request(token, 'GET', paths.document)).statusCode).toBe(200);
    expect(
      await suite.server.services.database.db.selectFrom('document_previews').selectAll().execute(),
    ).toEqual([]);
  });
});

describe.each(testDatabases())('failing conversions on $name', (backend) => {
  // Known before the suites start (their config names the scripts); the scripts are written before the apps.
  const folder = join(tmpdir(), `qoltanba-fake-soffice-${process.pid}-${backend.name}`);
  const pidFile = join(folder, 'child.pid');
  const runsOf = (name: string) => join(folder, `runs-${name}`);
  const runs = async (name: string) =>
    (await readFile(runsOf(name), 'utf8').catch(() => '')).split('\n').filter(Boolean).length;
  beforeAll(async () => {
    await mkdir(folder, { recursive: true });
    // Each run leaves a line in runs-<name>, so a test counts the converter's runs.
    await writeFile(
      join(folder, 'fails'),
      `#!/bin/sh\necho run >> "${runsOf('fails')}"\necho "broken document" >&2\nexit 1\n`,
      { mode: 0o755 },
    );
    // Starts a child of its own, as soffice does: the timeout must kill the whole process group.
    await writeFile(
      join(folder, 'hangs'),
      `#!/bin/sh\necho run >> "${runsOf('hangs')}"\nsleep 60 &\necho $! > "${pidFile}"\nwait\n`,
      { mode: 0o755 },
    );
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  describe('a converter that is slow for one company', () => {
    const started = join(folder, 'gated-started');
    const release = join(folder, 'gated-release');
    beforeAll(async () => {
      // ODTs wait until the test releases them; anything else converts at once into a stand-in PDF.
      await writeFile(
        join(folder, 'gated'),
        '#!/bin/sh\nwhile [ $# -gt 1 ]; do [ "$1" = "--outdir" ] && out="$2"; shift; done\n' +
          `case "$1" in *.odt) echo "$1" >> "${started}"; while [ ! -f "${release}" ]; do sleep 0.05; done;; esac\n` +
          'printf "%%PDF-1.4 stand-in" > "$out/input.pdf"\n',
        { mode: 0o755 },
      );
    });
    const suite = useDocumentsSuite(backend, {
      env: {
        QOLTANBA_SOFFICE_PATH: join(folder, 'gated'),
        QOLTANBA_PREVIEW_SANDBOX: 'none',
        QOLTANBA_PREVIEW_WORKERS: '2',
        QOLTANBA_PREVIEW_QUEUE_PER_COMPANY: '1',
      },
    });

    it("serves another company's preview while one company's conversions hang, and bounds that company's queue", {
      timeout: 60_000,
    }, async () => {
      const alice = await suite.user('alice@example.kz', [sender]);
      const slow = await suite.create(alice, sender.bin, undefined, [
        { filename: 'one.odt', bytes: sampleOdt('one') },
        { filename: 'two.odt', bytes: sampleOdt('two') },
        { filename: 'three.odt', bytes: sampleOdt('three') },
      ]);
      const slowPaths = (slow.files as FileRow[]).map((file) =>
        documentPaths(sender.bin, slow.id).preview(file.id),
      );
      const bob = await suite.user('bob@example.kz', [COMPANIES.second]);
      const fast = await suite.create(bob, COMPANIES.second.bin, undefined, [
        { filename: 'fast.docx', bytes: sampleDocx('fast') },
      ]);
      const fastPath = documentPaths(COMPANIES.second.bin, fast.id).preview(
        (fast.files as FileRow[])[0]?.id ?? 0,
      );

      const first = suite.request(alice, 'GET', slowPaths[0] ?? '');
      // Bounded wait for the first conversion to have started (it then holds the company's one turn).
      for (let i = 0; i < 1000 && !(await readFile(started, 'utf8').catch(() => '')); i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      // One more may wait; of two more, whichever comes second is refused at once, with when to come back.
      const more = [
        suite.request(alice, 'GET', slowPaths[1] ?? ''),
        suite.request(alice, 'GET', slowPaths[2] ?? ''),
      ];
      const busy = await Promise.race(more);
      expect(busy.statusCode).toBe(503);
      expect(busy.json().code).toBe('PREVIEW_BUSY');
      expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);
      let aliceDone = false;
      void Promise.all([first, ...more]).then(() => {
        aliceDone = true;
      });

      // Another company is not stuck behind them.
      const other = await suite.request(bob, 'GET', fastPath);
      expect(other.statusCode).toBe(200);
      expect(other.rawPayload.toString()).toBe('%PDF-1.4 stand-in');
      expect(aliceDone).toBe(false);
      expect((await readFile(started, 'utf8')).trim().split('\n')).toHaveLength(1);

      await writeFile(release, '');
      const codes = (await Promise.all([first, ...more])).map((res) => res.statusCode);
      expect(codes.sort()).toEqual([200, 200, 503]);
    });
  });

  describe('a converter that exits with an error', () => {
    // Unsandboxed (the explicit opt-out): the fakes write beside themselves, which the sandbox would not show them.
    const suite = useDocumentsSuite(backend, {
      env: { QOLTANBA_SOFFICE_PATH: join(folder, 'fails'), QOLTANBA_PREVIEW_SANDBOX: 'none' },
    });
    it('answers 422 PREVIEW_FAILED, caches nothing, and does not convert that content again for an hour', async () => {
      await rm(runsOf('fails'), { force: true });
      const { preview } = await documentWithFiles(suite);
      const res = await preview('odt');
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('PREVIEW_FAILED');
      const { db } = suite.server.services.database;
      expect(await db.selectFrom('document_previews').selectAll().execute()).toEqual([]);
      expect(await runs('fails')).toBe(1);

      // Remembered in the database (every instance sees it): the next requests answer at once.
      const again = await Promise.all([preview('odt'), preview('odt')]);
      expect(again.map((r) => r.json().code)).toEqual(['PREVIEW_FAILED', 'PREVIEW_FAILED']);
      expect(await runs('fails')).toBe(1);
      expect(
        await db.selectFrom('document_preview_failures').select(['reason', 'attempts']).execute(),
      ).toEqual([{ reason: 'failed', attempts: 1 }]);

      // After the retry delay (an hour) the content gets another chance.
      await ageFailures(suite, 61 * 60);
      expect((await preview('odt')).statusCode).toBe(422);
      expect(await runs('fails')).toBe(2);
    });

    it('refuses a zip bomb with 422 PREVIEW_TOO_COMPLEX without running the converter', async () => {
      await rm(runsOf('fails'), { force: true });
      const token = await suite.user('bomb@example.kz', [sender]);
      // 8 MB of one letter in a few kilobytes: an expansion no real document has.
      const bomb = zipBombDocx(8 * 1024 * 1024);
      expect(bomb.byteLength).toBeLessThan(1024 * 1024);
      const created = await suite.create(token, sender.bin, undefined, [
        { filename: 'bomb.docx', bytes: bomb },
      ]);
      const fileId = (created.files as FileRow[])[0]?.id ?? 0;
      const path = documentPaths(sender.bin, created.id).preview(fileId);
      const res = await suite.request(token, 'GET', path);
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('PREVIEW_TOO_COMPLEX');
      expect((await suite.request(token, 'GET', path)).json().code).toBe('PREVIEW_TOO_COMPLEX');
      expect(await runs('fails')).toBe(0);
    });
  });

  describe('a converter that hangs', () => {
    const suite = useDocumentsSuite(backend, {
      env: {
        QOLTANBA_SOFFICE_PATH: join(folder, 'hangs'),
        QOLTANBA_PREVIEW_TIMEOUT_SECONDS: '1',
        QOLTANBA_PREVIEW_SANDBOX: 'none',
      },
    });
    it('is killed with its children after the timeout: 422 PREVIEW_FAILED', async () => {
      const { preview } = await documentWithFiles(suite);
      const res = await preview('docx');
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('PREVIEW_FAILED');
      // A content that ran out of time is never converted again, not even after the retry delay.
      await ageFailures(suite, 24 * 60 * 60);
      expect((await preview('docx')).json().code).toBe('PREVIEW_FAILED');
      expect(await runs('hangs')).toBe(1);
      const child = Number(await readFile(pidFile, 'utf8'));
      expect(child).toBeGreaterThan(0);
      let alive = true;
      for (let i = 0; i < 100 && alive; i += 1) {
        alive = await running(child);
        if (alive) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(alive).toBe(false);
    });
  });
});
