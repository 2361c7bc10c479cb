import type {
  CounterpartyInput,
  Document,
  DocumentFile,
  HistoryEvent,
  LifecycleStatus,
  LinkDelivery,
  Party,
  Signer,
} from '@qoltanba/core';

// What the fake's documents service stores: documents, folders and counterparties by id, each company's next
// document number, and the ids it hands out. Each route module of documents/ reads and writes these.

/** A stored file: the public fields plus its bytes. */
export interface StoredFile extends DocumentFile {
  bytes: Uint8Array;
}

/** A document as the fake stores it; what a company sees is derived from it per request. */
export interface FakeDocumentRecord {
  id: number;
  number: number;
  name: string;
  signingMethod: Document['signingMethod'];
  status: LifecycleStatus;
  createdAt: string;
  updatedAt: string;
  sender: Party;
  creator: Document['creator'];
  files: StoredFile[];
  signers: Signer[];
  rejection: Document['rejection'];
  /** The sender signed it ("sign and send"): it can no longer be revoked. */
  senderSigned?: boolean;
  /** The newest personal-link e-mail of each signer (by BIN/IIN), as the sender sees its delivery. */
  linkDeliveries?: Map<string, LinkDelivery>;
  /** When each company moved it to its trash. */
  trashedAt: Map<string, string>;
  /** The folder each company keeps it in. */
  folderOf: Map<string, number>;
  history: HistoryEvent[];
}

/** A folder as the fake stores it. */
export interface FakeFolderRecord {
  id: number;
  bin: string;
  name: string;
  parentId: number | null;
  createdAt: string;
}

/** A counterparty as the fake stores it. */
export interface FakeCounterpartyRecord extends CounterpartyInput {
  id: number;
  bin: string;
  createdAt: string;
  updatedAt: string;
}

/** The stored records of {@link createFakeDocuments} and its clock. */
export function createDocumentsStore(now: () => Date) {
  const documents = new Map<number, FakeDocumentRecord>();
  const folders = new Map<number, FakeFolderRecord>();
  const counterparties = new Map<number, FakeCounterpartyRecord>();
  const numbers = new Map<string, number>();
  let nextId = { document: 0, file: 0, event: 0, folder: 0, counterparty: 0 };
  const newId = (kind: keyof typeof nextId) => {
    nextId = { ...nextId, [kind]: nextId[kind] + 1 };
    return nextId[kind];
  };
  const iso = () => now().toISOString();
  return { now, iso, newId, documents, folders, counterparties, numbers };
}

/** The documents service's records, ids and clock (see {@link createDocumentsStore}). */
export type DocumentsStore = ReturnType<typeof createDocumentsStore>;
