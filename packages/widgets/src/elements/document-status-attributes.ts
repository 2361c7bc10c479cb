import { type AttributeSpecs, commonAttributes, type PropsOf } from './attributes';

// The spec map apart from the element's component, so the React build can read it without loading the element.

/** Tag of the document status element. */
export const DOCUMENT_STATUS_TAG = 'qoltanba-document-status';

/** Attributes (and properties) of `<qoltanba-document-status>`. */
export const documentStatusAttributes = {
  token: { type: 'string', doc: 'The embed token (purpose `status`) your backend got for one document.' },
  apiBase: {
    type: 'string',
    doc: 'Origin of the Qoltanba server; by default the origin the script was loaded from.',
  },
  refreshSeconds: {
    type: 'number',
    default: 30,
    doc: 'Reads the status again every so many seconds while the page is visible (0: only on `qoltanba-signed`/`qoltanba-rejected` of the same document and the Refresh button).',
  },
  ...commonAttributes,
} as const satisfies AttributeSpecs;

/** Properties of `<qoltanba-document-status>`, derived from {@link documentStatusAttributes}. */
export type DocumentStatusAttributes = PropsOf<typeof documentStatusAttributes>;
