import {
  type Document,
  type DocumentFile,
  type DocumentRole,
  type DocumentSummary,
  type LifecycleStatus,
  allowedActions as partyActions,
  type Signer,
  type SigningParty,
  type SigningState,
  trashInfo,
  viewStatus,
} from '@qoltanba/core';

/** What a company's participant row says about its part in a document. */
export interface Participation {
  role: DocumentRole;
  folderId: number | null;
  trashedAt: Date | null;
  signedAt: Date | null;
}

/** The document columns every view needs. */
export interface DocumentCore {
  id: number;
  number: number;
  name: string;
  status: LifecycleStatus;
  signingMethod: 'PARALLEL' | 'SEQUENTIAL';
  createdAt: Date;
  updatedAt: Date;
  sender: { bin: string; nameRu: string; nameKk: string | null };
}

/** Everything {@link toDocument} needs besides the core. */
export interface DocumentDetails {
  creator: { userId: string; firstname: string; lastname: string };
  files: DocumentFile[];
  signers: Signer[];
  rejection: { identityNumber: string; reason: string; at: Date } | null;
}

type Action = Document['allowedActions'][number];

/** A document and one party of it as core's signing rules take them (`signCheck`, `rejectCheck`, `revokeCheck`). */
export interface SigningRulesInput {
  document: SigningState;
  party: SigningParty;
}

/**
 * The one reading of a participation for core's signing rules: whether the sender signed comes from the sender's
 * own participant row (a signer's actions do not depend on it), the party is the sender by its role.
 */
export function signingRulesInput(
  core: DocumentCore,
  identityNumber: string,
  participation: Participation,
  signers: SigningState['signers'],
): SigningRulesInput {
  const sender = participation.role === 'sender';
  return {
    document: {
      status: core.status,
      signingMethod: core.signingMethod,
      senderSigned: sender && participation.signedAt !== null,
      signers,
    },
    party: { identityNumber, sender, trashed: participation.trashedAt !== null },
  };
}

/**
 * What the acting company may do now: core's `allowedActions`, the same rules the signing port enforces, for this
 * company's participation (its role, its trash, whether it signed as the sender).
 */
export function allowedActions(
  core: DocumentCore,
  bin: string,
  participation: Participation,
  signers: readonly Signer[],
): Action[] {
  const rules = signingRulesInput(core, bin, participation, signers);
  return partyActions(rules.document, rules.party);
}

/**
 * The whole document as the acting company sees it (the card). The fields it shares with {@link toSummary} are
 * spelled out in both: building on a spread of a shared object cost a list page four times as much.
 */
export function toDocument(
  core: DocumentCore,
  bin: string,
  participation: Participation,
  details: DocumentDetails,
  now: Date,
  retentionDays: number,
): Document {
  return {
    id: core.id,
    number: core.number,
    name: core.name,
    status: viewStatus(core.status, participation.trashedAt !== null),
    lifecycleStatus: core.status,
    signingMethod: core.signingMethod,
    createdAt: core.createdAt.toISOString(),
    updatedAt: core.updatedAt.toISOString(),
    sender: core.sender,
    role: participation.role,
    trash: trashInfo(participation.trashedAt, now, retentionDays),
    folderId: participation.folderId,
    creator: details.creator,
    files: details.files,
    signers: details.signers,
    rejection: details.rejection ? { ...details.rejection, at: details.rejection.at.toISOString() } : null,
    allowedActions: allowedActions(core, bin, participation, details.signers),
  };
}

/** A list row as the acting company sees it. */
export function toSummary(
  core: DocumentCore,
  participation: Participation,
  signers: DocumentSummary['signers'],
  fileCount: number,
  now: Date,
  retentionDays: number,
): DocumentSummary {
  return {
    id: core.id,
    number: core.number,
    name: core.name,
    status: viewStatus(core.status, participation.trashedAt !== null),
    lifecycleStatus: core.status,
    signingMethod: core.signingMethod,
    createdAt: core.createdAt.toISOString(),
    updatedAt: core.updatedAt.toISOString(),
    sender: core.sender,
    role: participation.role,
    trash: trashInfo(participation.trashedAt, now, retentionDays),
    folderId: participation.folderId,
    signers,
    fileCount,
  };
}
