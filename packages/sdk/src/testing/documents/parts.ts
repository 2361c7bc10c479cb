import type { DocumentAccess } from './access';
import type { DocumentsStore } from './records';
import type { DocumentViews } from './views';

/** What the route modules of the documents service share: its records, access rules and views. */
export interface DocumentsParts {
  store: DocumentsStore;
  access: DocumentAccess;
  views: DocumentViews;
}
