import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleDocx, sampleOdt, samplePdf } from '../../testing/document-files.js';
import { COMPANIES, type DocumentsSuite, documentPaths, useDocumentsSuite } from '../../testing/documents.js';
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
  beforeAll(async () => {
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'fails'), '#!/bin/sh\necho "broken document" >&2\nexit 1\n', {
      mode: 0o755,
    });
    // Starts a child of its own, as soffice does: the timeout must kill the whole process group.
    await writeFile(join(folder, 'hangs'), `#!/bin/sh\nsleep 60 &\necho $! > "${pidFile}"\nwait\n`, {
      mode: 0o755,
    });
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  describe('a converter that exits with an error', () => {
    const suite = useDocumentsSuite(backend, { env: { QOLTANBA_SOFFICE_PATH: join(folder, 'fails') } });
    it('answers 422 PREVIEW_FAILED and caches nothing', async () => {
      const { preview } = await documentWithFiles(suite);
      const res = await preview('odt');
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('PREVIEW_FAILED');
      expect(
        await suite.server.services.database.db.selectFrom('document_previews').selectAll().execute(),
      ).toEqual([]);
    });
  });

  describe('a converter that hangs', () => {
    const suite = useDocumentsSuite(backend, {
      env: { QOLTANBA_SOFFICE_PATH: join(folder, 'hangs'), QOLTANBA_PREVIEW_TIMEOUT_SECONDS: '1' },
    });
    it('is killed with its children after the timeout: 422 PREVIEW_FAILED', async () => {
      const { preview } = await documentWithFiles(suite);
      const res = await preview('docx');
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('PREVIEW_FAILED');
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
