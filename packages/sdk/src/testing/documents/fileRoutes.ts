import { canTransition, contentDisposition, documentFileParamsSchema } from '@qoltanba/core';
import { type FakeContext, json, parseInput, refuse } from '../fakeHttp';
import { bytesResponse, CONTENT_TYPES, FAKE_CONVERTED_PDF } from './fileContent';
import type { DocumentsParts } from './parts';
import { createUploads } from './uploads';

// The files of a document: adding (while it may be edited), downloading, deleting (never the last one) and the
// PDF preview (a stand-in conversion for non-PDF files).

/** The routes of a document's files. */
export function fileRoutes({ store, access, views }: DocumentsParts) {
  const { actingCompany, beginEdit, documentInput, findDocument, record, senderMayChange, touch } = access;
  const { documentView } = views;
  const { readFiles, formEntries } = createUploads(store);

  async function addDocumentFiles(context: FakeContext): Promise<Response> {
    const { bin, company, record: target } = documentInput(context);
    senderMayChange(target, bin);
    if (!canTransition(target.status, 'update')) refuse('DOCUMENT_CHANGE_FORBIDDEN');
    const added = await readFiles(formEntries(context), target.files.length);
    if (added.length === 0) refuse('MULTIPART_INVALID');
    beginEdit(target, bin);
    target.files.push(...added);
    touch(target);
    record(target, 'UPDATE', context, company, `files added: ${added.map((file) => file.name).join(', ')}`);
    return json(200, documentView(target, bin));
  }

  function fileInput(context: FakeContext) {
    const { bin, id, fileId } = parseInput(documentFileParamsSchema, context.params);
    const company = actingCompany(context, bin);
    const target = findDocument(id, bin);
    const file = target.files.find((candidate) => candidate.id === fileId);
    if (!file) refuse('ENTITY_NOT_FOUND');
    return { bin, company, target, file };
  }

  function downloadDocumentFile(context: FakeContext): Response {
    const { file } = fileInput(context);
    return bytesResponse(file.bytes, CONTENT_TYPES[file.format], contentDisposition('attachment', file.name));
  }

  function deleteDocumentFile(context: FakeContext): Response {
    const { bin, company, target, file } = fileInput(context);
    beginEdit(target, bin);
    if (target.files.length === 1) refuse('DOCUMENT_WITHOUT_FILE');
    target.files = target.files.filter((candidate) => candidate !== file);
    touch(target);
    record(target, 'UPDATE', context, company, `file deleted: ${file.name}`);
    return json(200, documentView(target, bin));
  }

  function previewDocumentFile(context: FakeContext): Response {
    const { file } = fileInput(context);
    const disposition = contentDisposition('inline', file.name.replace(/\.[a-z]+$/, '.pdf'));
    return bytesResponse(
      file.format === 'pdf' ? file.bytes : FAKE_CONVERTED_PDF,
      'application/pdf',
      disposition,
    );
  }

  return { addDocumentFiles, downloadDocumentFile, deleteDocumentFile, previewDocumentFile };
}
