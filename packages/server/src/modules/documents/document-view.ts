import {
  canTransition,
  type Document,
  type DocumentFile,
  type DocumentRole,
  type DocumentSummary,
  type LifecycleStatus,
  type Signer,
  viewStatus,
} from '@qoltanba/core';

const DAY_MS = 24 * 60 * 60 * 1000;

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

/**
 * The trash countdown of a company: deletion `retentionDays` after trashing; `daysLeft` counts whole days
 * (rounded down), so it reads `retentionDays` right after trashing and 0 on the last day.
 */
export function trashInfo(trashedAt: Date | null, now: Date, retentionDays: number): Document['trash'] {
  if (!trashedAt) return null;
  const deleteAt = new Date(trashedAt.getTime() + retentionDays * DAY_MS);
  const daysLeft = Math.max(0, Math.floor((deleteAt.getTime() - now.getTime()) / DAY_MS));
  return { trashedAt: trashedAt.toISOString(), deleteAt: deleteAt.toISOString(), daysLeft };
}

type Action = Document['allowedActions'][number];

/**
 * What the acting company may do now: exactly what the routes would accept (core's state machine plus the
 * signing rules of `document-signing.ts`). The sender edits and sends its draft, signs it (sign and send) or, once,
 * the document at signing, revokes while nobody (itself included) has signed, and copies; a waiting signer signs
 * when it is its turn (SEQUENTIAL: everybody before signed) and may reject any time while the document is at
 * signing; everybody trashes or restores their own view.
 */
export function allowedActions(
  core: DocumentCore,
  bin: string,
  participation: Participation,
  signers: readonly Signer[],
): Action[] {
  const sender = participation.role === 'sender';
  if (participation.trashedAt) return sender ? ['restore', 'copy'] : ['restore'];
  const actions: Action[] = [];
  if (sender) {
    const senderSigned = participation.signedAt !== null;
    if (canTransition(core.status, 'update')) actions.push('update');
    if (canTransition(core.status, 'send')) actions.push('send');
    if (canTransition(core.status, 'sign') && !senderSigned) actions.push('sign');
    const nobodySigned = !senderSigned && signers.every((signer) => signer.state === 'WAITING');
    if (canTransition(core.status, 'revoke') && nobodySigned) actions.push('revoke');
    actions.push('copy');
  } else {
    const mine = signers.findIndex((signer) => signer.identityNumber === bin);
    const waiting = signers[mine]?.state === 'WAITING';
    if (
      waiting &&
      canTransition(core.status, 'sign') &&
      core.status !== 'DRAFT' &&
      isTurn(core, mine, signers)
    )
      actions.push('sign');
    if (waiting && canTransition(core.status, 'reject')) actions.push('reject');
  }
  actions.push('trash');
  return actions;
}

// Sequential signing: everybody before must have signed; parallel: any waiting signer.
function isTurn(core: DocumentCore, mine: number, signers: readonly Signer[]): boolean {
  return core.signingMethod === 'PARALLEL' || signers.slice(0, mine).every((s) => s.state === 'SIGNED');
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
