import { DOCUMENT_MAX_FILES, DOCUMENT_UPLOAD_PARTS, MAX_FILE_BYTES } from '@qoltanba/core';
import { FORMAT_CONTENT_TYPES } from './file-type.js';

/** The `files` part of the uploads, for OpenAPI. */
export const FILES_PART = {
  name: DOCUMENT_UPLOAD_PARTS.files,
  kind: 'files' as const,
  contentTypes: Object.values(FORMAT_CONTENT_TYPES),
  maxCount: DOCUMENT_MAX_FILES,
  description: `pdf, doc, docx or odt, recognised by content; at most ${MAX_FILE_BYTES} bytes each (413 FILE_TOO_LARGE).`,
  required: true,
};
