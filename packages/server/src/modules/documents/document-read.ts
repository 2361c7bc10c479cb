import type {
  Document,
  DocumentFile,
  LifecycleStatus,
  LinkDelivery,
  Signer,
  SigningMethod,
} from '@qoltanba/core';
import { AppError } from '@qoltanba/core';
import { type RawBuilder, sql } from 'kysely';
import { QueryTemplates } from '../../db/query-templates.js';
import { isRowId } from '../../db/row-id.js';
import { latestDeliveries, type MessageDelivery } from '../../outbox/message-queue.js';
import { signingLinkReference } from '../../outbox/message-references.js';
import { type UserNames, userNames, userNamesJson } from '../account/index.js';
import { requireMembership } from '../registry/index.js';
import { type AccessibleDocument, accessibleDocument, accessibleQuery, type Db } from './document-access.js';
import { toDocument } from './document-view.js';
import type { Actor, KnownParties } from './history.js';

interface SignerJson {
  identity_number: string;
  email: string;
  name_ru: string;
  name_kk: string | null;
  approver_email: string | null;
  position: number;
  state: Signer['state'];
  signed_at: string | null;
  approval: 'PENDING' | 'APPROVED' | 'DECLINED' | null;
}

interface FileJson {
  id: number;
  name: string;
  format: DocumentFile['format'];
  size: number;
  sha256: string;
  uploaded_at: string;
  stored: boolean;
}

const iso = (value: string) => new Date(value).toISOString();

/** The signers of document `id` (a number or a column reference) as one JSON array, in signing order. */
const signersJson = (id: number | RawBuilder<number>) => sql<SignerJson[]>`
  (select coalesce(json_agg(s order by s.position), '[]'::json) from (
    select identity_number, email, name_ru, name_kk, approver_email, position, state, signed_at, approval
    from document_signers where document_id = ${id}) s)`;

/** The finished files of document `id` as one JSON array, oldest first. */
const filesJson = (id: number | RawBuilder<number>) => sql<FileJson[]>`
  (select coalesce(json_agg(f order by f.id), '[]'::json) from (
    select id, name, format, size, sha256, uploaded_at, blob_key is not null as stored
    from document_files where document_id = ${id} and state = 'READY') f)`;

function toSigners(rows: readonly SignerJson[]): Signer[] {
  return rows.map((s) => ({
    identityNumber: s.identity_number,
    email: s.email,
    nameRu: s.name_ru,
    nameKk: s.name_kk,
    approverEmail: s.approver_email,
    order: s.position,
    state: s.state,
    signedAt: s.signed_at ? iso(s.signed_at) : null,
    // Only when it has one, so a signer without an approver reads as before.
    ...(s.approval ? { approval: s.approval } : {}),
  }));
}

function toFiles(rows: readonly FileJson[]): DocumentFile[] {
  return rows.map((f) => ({
    id: f.id,
    name: f.name,
    format: f.format,
    size: f.size,
    sha256: f.sha256,
    uploadedAt: iso(f.uploaded_at),
    stored: f.stored,
  }));
}

/** A document's signers (in order) and finished files, in one round trip. */
export async function documentParts(
  db: Db,
  id: number,
): Promise<{ signers: Signer[]; files: DocumentFile[] }> {
  const { rows } = await sql<{ signers: SignerJson[]; files: FileJson[] }>`
    select ${signersJson(id)} as signers, ${filesJson(id)} as files`.execute(db);
  const row = rows[0] ?? { signers: [], files: [] };
  return { signers: toSigners(row.signers), files: toFiles(row.files) };
}

/**
 * What a notice about a document names of it, and no more: its name, state and signing method, its sender and its
 * signers (in order), and a rejection's reason. For a module that tells parties of an event (notifications), not an
 * answer to a company: it checks no access.
 */
export interface DocumentParties {
  id: number;
  name: string;
  status: LifecycleStatus;
  signingMethod: SigningMethod;
  sender: { bin: string; nameRu: string };
  signers: Signer[];
  rejectionReason: string | null;
}

/** The parties and name of document `id` in one query (see {@link DocumentParties}), or undefined when it is gone. */
export async function documentParties(db: Db, id: number): Promise<DocumentParties | undefined> {
  if (!isRowId(id)) return undefined;
  const row = await db
    .selectFrom('documents as d')
    .select([
      'd.id',
      'd.name',
      'd.status',
      'd.signing_method',
      'd.sender_bin',
      'd.sender_name_ru',
      'd.rejection_reason',
    ])
    .select(signersJson(sql.ref('d.id')).as('signers'))
    .where('d.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    signingMethod: row.signing_method,
    sender: { bin: row.sender_bin, nameRu: row.sender_name_ru },
    signers: toSigners(row.signers),
    rejectionReason: row.rejection_reason,
  };
}

/** A document the acting company may see, with its signers and files. */
export interface VisibleDocument {
  document: AccessibleDocument;
  signers: Signer[];
  files: DocumentFile[];
  /** The creator's names when the read already has them (null: the account is gone). */
  creator?: UserNames | null;
}

/** The query of {@link findVisibleDocument}, compiled once (its shape never changes). */
const VISIBLE_QUERIES = new QueryTemplates();

/**
 * The hot read of getDocument in one query: membership of the acting user, visibility to the company, the
 * document, its signers and files. FORBIDDEN for a non-member, ENTITY_NOT_FOUND otherwise when not there.
 */
export async function findVisibleDocument(db: Db, actor: Actor, id: number): Promise<VisibleDocument> {
  // A path id beyond the integer column's range names no document (PostgreSQL would fail the query).
  const found = !isRowId(id)
    ? undefined
    : (
        await db.executeQuery(
          VISIBLE_QUERIES.compile(db, 'visible', { bin: actor.bin, id, userId: actor.userId }, (values) =>
            accessibleQuery(db, values.bin, values.id, { memberUserId: values.userId }).select([
              signersJson(sql.ref('d.id')).as('signers_json'),
              filesJson(sql.ref('d.id')).as('files_json'),
              userNamesJson(sql.ref('d.creator_id')).as('creator_json'),
            ]),
          ),
        )
      ).rows[0];
  if (!found) {
    await requireMembership(db, actor.userId, actor.bin);
    throw new AppError('ENTITY_NOT_FOUND');
  }
  const { signers_json, files_json, creator_json, ...row } = found;
  return {
    document: accessibleDocument(row),
    signers: toSigners(signers_json),
    files: toFiles(files_json),
    creator: creator_json,
  };
}

/** The sender and signers a document names, for companies that are not registered here. */
export function knownParties(document: AccessibleDocument, signers: readonly Signer[]): KnownParties {
  const parties = new Map<string, { nameRu: string; nameKk: string | null }>();
  for (const signer of signers)
    parties.set(signer.identityNumber, { nameRu: signer.nameRu, nameKk: signer.nameKk });
  const { sender } = document.core;
  parties.set(sender.bin, { nameRu: sender.nameRu, nameKk: sender.nameKk });
  return parties;
}

/** The whole document as company `bin` sees it, from its parts. */
export async function documentView(
  db: Db,
  bin: string,
  { document, signers, files, creator: known }: VisibleDocument,
  now: Date,
  retentionDays: number,
): Promise<Document> {
  const { row } = document;
  const creator = known !== undefined ? known : (await userNames(db, [row.creator_id])).get(row.creator_id);
  const shownSigners =
    document.participation.role === 'sender' && document.core.status !== 'DRAFT'
      ? await withReceipts(db, document.core.id, await withLinkDeliveries(db, document.core.id, signers))
      : signers;
  return toDocument(
    document.core,
    bin,
    document.participation,
    {
      creator: {
        userId: row.creator_id,
        firstname: creator?.firstname ?? '',
        lastname: creator?.lastname ?? '',
      },
      files,
      signers: shownSigners,
      rejection:
        row.rejected_by && row.rejection_reason && row.rejected_at
          ? { identityNumber: row.rejected_by, reason: row.rejection_reason, at: new Date(row.rejected_at) }
          : null,
    },
    now,
    retentionDays,
  );
}

/**
 * The signers with when the document last reached their company (its RECEIVE event) and when a user of it first opened
 * it after that (its first VIEW since), for the sender's view (Law 370-II art. 7).
 */
async function withReceipts(db: Db, documentId: number, signers: Signer[]): Promise<Signer[]> {
  const rows = await db
    .selectFrom('document_history')
    .select(['type', 'company_bin', 'at'])
    .where('document_id', '=', documentId)
    .where('type', 'in', ['RECEIVE', 'VIEW'])
    .orderBy('seq')
    .execute();
  return signers.map((signer) => {
    let delivered: Date | null = null;
    let opened: Date | null = null;
    for (const row of rows) {
      if (row.company_bin !== signer.identityNumber) continue;
      const at = new Date(row.at);
      if (row.type === 'RECEIVE') {
        delivered = at;
        opened = null;
      } else if (delivered && !opened) opened = at;
    }
    return {
      ...signer,
      deliveredAt: delivered?.toISOString() ?? null,
      firstOpenedAt: opened?.toISOString() ?? null,
    };
  });
}

/** The signers with the delivery of their newest personal-link e-mail (the message queue's state of it). */
async function withLinkDeliveries(db: Db, documentId: number, signers: Signer[]): Promise<Signer[]> {
  const references = signers.map((signer) => signingLinkReference(documentId, signer.identityNumber));
  const deliveries = await latestDeliveries(db, references);
  return signers.map((signer, index) => {
    const delivery = deliveries.get(references[index] ?? '');
    return delivery ? { ...signer, linkDelivery: toLinkDelivery(delivery) } : signer;
  });
}

/** The API shape of a message's delivery. */
export function toLinkDelivery(delivery: MessageDelivery): LinkDelivery {
  const state =
    delivery.status === 'sent'
      ? 'SENT'
      : delivery.status === 'failed'
        ? 'FAILED'
        : delivery.attempts > 0
          ? 'RETRYING'
          : 'QUEUED';
  return {
    state,
    queuedAt: delivery.queuedAt.toISOString(),
    sentAt: delivery.sentAt?.toISOString() ?? null,
    attempts: delivery.attempts,
    nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
  };
}

/** The whole document as company `bin` sees it. */
export async function readDocument(
  db: Db,
  bin: string,
  document: AccessibleDocument,
  now: Date,
  retentionDays: number,
): Promise<Document> {
  const parts = await documentParts(db, document.core.id);
  return documentView(db, bin, { document, ...parts }, now, retentionDays);
}
