import { DOCUMENT_MAX_FILES, DOCUMENT_UPLOAD_PARTS, MAX_FILE_BYTES, sanitizeFileName } from '@qoltanba/core';
import { type FakeContext, refuse } from '../fakeHttp';
import { detectFormat, sha256 } from './fileContent';
import type { DocumentsStore, StoredFile } from './records';

// The files of a create or an edit, read from its multipart body one part after another, as the server does.

/** Reads uploads into stored files; ids come from the store. */
export function createUploads({ newId, iso }: DocumentsStore) {
  /**
   * The files of an upload, one part after another as the server streams them: a part that is not a
   * `files` file is MULTIPART_INVALID, the file past DOCUMENT_MAX_FILES (with `already` stored) is
   * DOCUMENT_FILES_LIMIT, then each file's size and content.
   */
  async function readFiles(entries: Array<[string, FormDataEntryValue]>, already: number) {
    const stored: StoredFile[] = [];
    for (const [name, value] of entries) {
      if (name !== DOCUMENT_UPLOAD_PARTS.files || typeof value === 'string') refuse('MULTIPART_INVALID');
      if (already + stored.length >= DOCUMENT_MAX_FILES) refuse('DOCUMENT_FILES_LIMIT');
      if (value.size > MAX_FILE_BYTES) refuse('FILE_TOO_LARGE');
      const bytes = new Uint8Array(await value.arrayBuffer());
      const format = detectFormat(bytes);
      if (!format) refuse('FILE_FORMAT_NOT_ALLOWED');
      stored.push({
        id: 0,
        name: sanitizeFileName(value.name, format),
        format,
        size: bytes.length,
        sha256: await sha256(bytes),
        uploadedAt: iso(),
        stored: true,
        bytes,
      });
    }
    // Ids only once every file passed, so a refused upload leaves nothing.
    return stored.map((file) => ({ ...file, id: newId('file') }));
  }

  function formEntries(context: FakeContext): Array<[string, FormDataEntryValue]> {
    if (!(context.rawBody instanceof FormData)) refuse('UNSUPPORTED_MEDIA_TYPE');
    return [...context.rawBody.entries()];
  }

  return { readFiles, formEntries };
}
