import { request as httpRequest } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { apiPath, DOCUMENT_PATHS, MAX_FILE_BYTES } from '@qoltanba/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { deferred } from '../../testing/deferred.js';
import { samplePdf } from '../../testing/document-files.js';
import {
  blobFiles,
  COMPANIES,
  type DocumentsSuite,
  documentPaths,
  multipart,
  testDraft,
  uploadParts,
  useDocumentsSuite,
} from '../../testing/documents.js';
import { testDatabases } from '../../testing/test-databases.js';

const { sender } = COMPANIES;
const MB = 1024 * 1024;

/** Waits for a condition the server reaches on its own (bounded: fails the test rather than hang). */
async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 1000; i += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * A multipart upload over a real socket whose last file's content comes from `content` on demand, so the test
 * sees how much the server pulled. Before that file: the `document` part (when `draft` is given) and `before`.
 */
function streamUpload(options: {
  port: number;
  path: string;
  token: string;
  draft?: unknown;
  content: AsyncIterable<Buffer>;
}) {
  const parts = uploadParts(options.draft ?? {}, [{ filename: 'big.pdf', bytes: Buffer.alloc(0) }]);
  const { payload, contentType } = multipart(options.draft === undefined ? parts.slice(1) : parts);
  // Split the encoded body where the (empty) file content sits: the stream goes in between.
  const closing = payload.lastIndexOf(Buffer.from('\r\n--'));
  const head = payload.subarray(0, closing);
  const tail = payload.subarray(closing);
  const req = httpRequest({
    host: '127.0.0.1',
    port: options.port,
    method: 'POST',
    path: options.path,
    headers: { authorization: `Bearer ${options.token}`, 'content-type': contentType },
  });
  const response = new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', (error) => resolve({ error: error.message }));
    });
    req.on('error', (error) => resolve({ error: error.message }));
  });
  void (async () => {
    try {
      req.write(head);
      for await (const chunk of options.content) {
        if (!req.write(chunk)) await new Promise<void>((resolve) => req.once('drain', resolve));
      }
      req.end(tail);
    } catch {
      // the socket went away
    }
  })();
  return { req, response };
}

describe.each(testDatabases())('uploads over real HTTP on $name', (backend) => {
  const suite: DocumentsSuite = useDocumentsSuite(backend);
  let port = 0;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    suite.server.app.server.on('connection', (socket: Socket) => sockets.push(socket));
    await suite.server.app.listen({ port: 0, host: '127.0.0.1' });
    port = (suite.server.app.server.address() as AddressInfo).port;
  });

  const rejections = (code: string) =>
    suite.server.logRecords().filter((entry) => entry.msg === 'request rejected' && entry.errorCode === code)
      .length;
  const rows = async () => {
    const { db } = suite.server.services.database;
    return {
      documents: (await db.selectFrom('documents').select('id').execute()).length,
      files: (await db.selectFrom('document_files').select(['id', 'state']).execute()).map((f) => f.state),
    };
  };

  it('stops reading a file as soon as it passes MAX_FILE_BYTES: 413 and the connection closed', async () => {
    const token = await suite.user('alice@example.kz', [sender]);
    const offered = 64 * MB;
    let pulled = 0;
    async function* content() {
      yield samplePdf();
      while (pulled < offered) {
        pulled += 64 * 1024;
        yield Buffer.alloc(64 * 1024, 0x20);
      }
    }
    const before = sockets.length;
    const { response } = streamUpload({
      port,
      path: apiPath(DOCUMENT_PATHS.documents, { bin: sender.bin }),
      token,
      draft: testDraft(),
      content: content(),
    });
    const result = await response;
    // The server answers early and closes; the client may see the 413 or just the closed socket.
    if ('status' in result) {
      expect(result.status).toBe(413);
      expect(JSON.parse(result.body).code).toBe('FILE_TOO_LARGE');
    }
    const socket = sockets[before];
    if (!socket) throw new Error('no server socket');
    await until(() => socket.destroyed, 'the server to close the connection');
    expect(socket.bytesRead).toBeGreaterThan(MAX_FILE_BYTES);
    expect(socket.bytesRead).toBeLessThan(MAX_FILE_BYTES + 2 * MB);
    expect(pulled).toBeLessThan(offered / 2);
    expect(await blobFiles(suite)).toEqual([]);
    expect(await rows()).toEqual({ documents: 0, files: [] });
  });

  it('leaves no blob and no document when the client goes away in the middle of a file', async () => {
    const token = await suite.user('alice@example.kz', [sender]);
    const hold = deferred();
    async function* content() {
      yield samplePdf();
      yield Buffer.alloc(MB, 0x20);
      await hold.promise;
    }
    const rejected = rejections('MULTIPART_INVALID');
    const { req, response } = streamUpload({
      port,
      path: apiPath(DOCUMENT_PATHS.documents, { bin: sender.bin }),
      token,
      draft: testDraft(),
      content: content(),
    });
    await until(
      async () => (await blobFiles(suite)).some((name) => name.endsWith('.tmp')),
      'the file to be streaming',
    );
    req.destroy();
    await response;
    await until(() => rejections('MULTIPART_INVALID') > rejected, 'the server to give up the upload');
    hold.resolve();
    expect(await blobFiles(suite)).toEqual([]);
    expect(await rows()).toEqual({ documents: 0, files: [] });
  });

  it('leaves no blob and no UPLOADING row when an added file is cut off', async () => {
    const token = await suite.user('alice@example.kz', [sender]);
    const { id } = await suite.create(token, sender.bin);
    const hold = deferred();
    async function* content() {
      yield samplePdf();
      yield Buffer.alloc(MB, 0x20);
      await hold.promise;
    }
    const rejected = rejections('MULTIPART_INVALID');
    const { req, response } = streamUpload({
      port,
      path: documentPaths(sender.bin, id).files,
      token,
      content: content(),
    });
    await until(async () => (await rows()).files.includes('UPLOADING'), 'the UPLOADING row');
    await until(
      async () => (await blobFiles(suite)).some((name) => name.endsWith('.tmp')),
      'the file to be streaming',
    );
    req.destroy();
    await response;
    await until(() => rejections('MULTIPART_INVALID') > rejected, 'the server to give up the upload');
    hold.resolve();
    expect(await rows()).toEqual({ documents: 1, files: ['READY'] });
    expect(await blobFiles(suite)).toHaveLength(1);
  });
});
