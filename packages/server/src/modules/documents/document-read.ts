import type { Document, DocumentFile, Signer } from '@qoltanba/core';
import { sql } from 'kysely';
import { userNames } from '../account/user-store.js';
import type { AccessibleDocument, Db } from './document-access.js';
import { toDocument } from './document-view.js';
import type { KnownParties } from './history.js';

interface SignerJson {
  identity_number: string;
  email: string;
  name_ru: string;
  name_kk: string | null;
  approver_email: string | null;
  position: number;
  state: Signer['state'];
  signed_at: string | null;
}

interface FileJson {
  id: number;
  name: string;
  format: DocumentFile['format'];
  size: number;
  sha256: string;
  uploaded_at: string;
}

const iso = (value: string) => new Date(value).toISOString();

/** A document's signers (in order) and finished files, in one round trip. */
export async function documentParts(
  db: Db,
  id: number,
): Promise<{ signers: Signer[]; files: DocumentFile[] }> {
  const { rows } = await sql<{ signers: SignerJson[]; files: FileJson[] }>`
    select
      (select coalesce(json_agg(s order by s.position), '[]'::json) from (
        select identity_number, email, name_ru, name_kk, approver_email, position, state, signed_at
        from document_signers where document_id = ${id}) s) as signers,
      (select coalesce(json_agg(f order by f.id), '[]'::json) from (
        select id, name, format, size, sha256, uploaded_at
        from document_files where document_id = ${id} and state = 'READY') f) as files`.execute(db);
  const row = rows[0] ?? { signers: [], files: [] };
  return {
    signers: row.signers.map((s) => ({
      identityNumber: s.identity_number,
      email: s.email,
      nameRu: s.name_ru,
      nameKk: s.name_kk,
      approverEmail: s.approver_email,
      order: s.position,
      state: s.state,
      signedAt: s.signed_at ? iso(s.signed_at) : null,
    })),
    files: row.files.map((f) => ({
      id: f.id,
      name: f.name,
      format: f.format,
      size: f.size,
      sha256: f.sha256,
      uploadedAt: iso(f.uploaded_at),
    })),
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

/** The whole document as company `bin` sees it. */
export async function readDocument(
  db: Db,
  bin: string,
  document: AccessibleDocument,
  now: Date,
  retentionDays: number,
): Promise<Document> {
  const [{ signers, files }, names] = await Promise.all([
    documentParts(db, document.core.id),
    userNames(db, [document.row.creator_id]),
  ]);
  const creator = names.get(document.row.creator_id);
  const { row } = document;
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
      signers,
      rejection:
        row.rejected_by && row.rejection_reason && row.rejected_at
          ? { identityNumber: row.rejected_by, reason: row.rejection_reason, at: new Date(row.rejected_at) }
          : null,
    },
    now,
    retentionDays,
  );
}
