import type { FakeHandler } from '../fakeHttp';
import type { FakeOperationId } from '../fakeRoutes';
import { createDocumentAccess } from './access';
import { counterpartyRoutes } from './counterparties';
import { documentListRoutes } from './documentList';
import { documentRoutes } from './documentRoutes';
import { fileRoutes } from './fileRoutes';
import { folderRoutes } from './folders';
import { historyRoutes } from './historyRoutes';
import type { DocumentsParts } from './parts';
import { createDocumentsStore, type FakeDocumentRecord } from './records';
import { createDocumentViews } from './views';

// The documents service of the fake server: documents, folders and counterparties of a company, with the
// rules taken from core (state machine, draft and signer schemas, list query, folder and counterparty
// bodies). Choices core does not make (statuses of creation, refusal codes of access) follow the server's
// modules; the contract test (contract-tests/) checks them against the real server.

/** Options of {@link createFakeDocuments}. */
export interface FakeDocumentsOptions {
  /** The fake's clock. */
  now: () => Date;
}

/** The documents service of the fake server: handlers by operationId and the stored records. */
export function createFakeDocuments({ now }: FakeDocumentsOptions) {
  const store = createDocumentsStore(now);
  const access = createDocumentAccess(store);
  const views = createDocumentViews(now);
  const parts: DocumentsParts = { store, access, views };
  const { documents, folders, counterparties } = store;
  const { actingCompany, findDocument, documentInput, signerOf, record, touch, senderMayChange, mailLinks } =
    access;
  const { documentView } = views;

  // In the order of the server's routes (the fake matches routes in the order they were played).
  const handlers = {
    ...documentListRoutes(parts),
    ...documentRoutes(parts),
    ...fileRoutes(parts),
    ...historyRoutes(parts),
    ...folderRoutes(parts),
    ...counterpartyRoutes(parts),
  } satisfies Partial<Record<FakeOperationId, FakeHandler>>;

  return {
    handlers,
    /** The rules other fake services build on (the signing service). */
    access: {
      actingCompany,
      findDocument,
      documentInput,
      documentView,
      signerOf,
      record,
      touch,
      senderMayChange,
      mailLinks,
    },
    documents,
    folders,
    counterparties,
    /** The stored document `id` (for tests that drive states no route reaches, e.g. signing). */
    document(id: number): FakeDocumentRecord {
      const found = documents.get(id);
      if (!found) throw new Error(`fake server: no document ${id}`);
      return found;
    },
  };
}
