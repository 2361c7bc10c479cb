import {
  type NotificationEvent,
  notificationRecipients,
  notifiedCompanies,
  signersOnTurn,
} from '@qoltanba/core';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type DocumentParties, documentParties } from '../documents/index.js';
import type { SigningChangeEvent } from '../module-hooks.js';
import { companyMembers } from '../registry/index.js';
import { storeNotifications } from './notification-store.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A document event to tell: what happened, who acted, and whom it names. */
export interface DocumentOccasion {
  event: NotificationEvent;
  documentId: number;
  at: Date;
  /** The company (BIN/IIN) that acted, if any; it is not told of its own act. */
  actor?: string | null;
  /** Who acted as the change names them, when the document does not list them. */
  actorName?: string | null;
  /** The companies the event names (the receiving or reminded signer). */
  targets?: readonly string[];
}

function partyName(document: DocumentParties, identityNumber: string | null | undefined): string | null {
  if (!identityNumber) return null;
  if (identityNumber === document.sender.bin) return document.sender.nameRu;
  return document.signers.find((s) => s.identityNumber === identityNumber)?.nameRu ?? null;
}

function parties(document: DocumentParties): string[] {
  return [document.sender.bin, ...document.signers.map((s) => s.identityNumber)];
}

/**
 * Stores the notifications of one document event for the members of the companies core's rule names (never an
 * uninvolved company). Answers the users told.
 */
export async function notifyDocumentEvent(db: Db, occasion: DocumentOccasion): Promise<string[]> {
  const document = await documentParties(db, occasion.documentId);
  if (!document) return [];
  return notifyAbout(db, document, occasion);
}

async function notifyAbout(db: Db, document: DocumentParties, occasion: DocumentOccasion): Promise<string[]> {
  const rule = {
    event: occasion.event,
    participants: parties(document),
    actor: occasion.actor ?? null,
    targets: occasion.targets ?? [],
    sender: document.sender.bin,
  };
  const members = await companyMembers(db, notifiedCompanies(rule));
  const recipients = notificationRecipients(rule, members);
  // A signer's personal link (at its turn, on a reminder, or when its approver approved) went to the address on its
  // entry already: that person gets no second e-mail of it.
  const received = occasion.event === 'document.received' || occasion.event === 'document.reminded';
  const linked = received ? rule.targets : occasion.event === 'document.approved' ? [rule.actor] : [];
  const linkEmails = new Set(
    document.signers
      .filter((s) => linked.includes(s.identityNumber))
      .map((s) => s.email.trim().toLowerCase()),
  );
  return storeNotifications(db, {
    event: occasion.event,
    recipients,
    documentId: document.id,
    documentName: document.name,
    party:
      occasion.event === 'document.received' || occasion.event === 'document.reminded'
        ? document.sender.nameRu
        : (partyName(document, occasion.actor) ?? occasion.actorName ?? null),
    // A decline rejects the document with the approver's comment: both texts end with it.
    reason:
      occasion.event === 'document.rejected' || occasion.event === 'document.declined'
        ? document.rejectionReason
        : null,
    at: occasion.at,
    noEmailTo: (contact) => contact.email !== null && linkEmails.has(contact.email.toLowerCase()),
  });
}

/** A company event that names no document (a tariff ending or ended, a payment received). */
export interface CompanyOccasion {
  event: Extract<NotificationEvent, 'tariff.ending' | 'tariff.ended' | 'payment.registered'>;
  /** The company (BIN/IIN) told: each of its members. */
  bin: string;
  at: Date;
  /** What the text's `{reason}` shows (the end date, the invoice and amount); null when the text has none. */
  detail: string | null;
}

/** Stores the notifications of a company event for each member of the company. Answers the users told. */
export async function notifyCompany(db: Db, occasion: CompanyOccasion): Promise<string[]> {
  const rule = { event: occasion.event, participants: [], targets: [occasion.bin] };
  const members = await companyMembers(db, notifiedCompanies(rule));
  return storeNotifications(db, {
    event: occasion.event,
    recipients: notificationRecipients(rule, members),
    documentId: null,
    documentName: null,
    party: null,
    reason: occasion.detail,
    at: occasion.at,
  });
}

/** Whose turn it is in `document` (core's rule), leaving out its sender. */
function onTurn(document: DocumentParties): string[] {
  return signersOnTurn({
    status: document.status,
    signingMethod: document.signingMethod,
    senderSigned: false,
    signers: document.signers,
  }).filter((bin) => bin !== document.sender.bin);
}

/** A document was sent: each signer whose turn it is receives it (in sequential signing, the first only). */
export async function notifySent(db: Db, documentId: number, at: Date): Promise<string[]> {
  const document = await documentParties(db, documentId);
  if (!document) return [];
  return notifyAbout(db, document, {
    event: 'document.received',
    documentId,
    at,
    actor: document.sender.bin,
    targets: onTurn(document),
  });
}

/**
 * A signature was accepted: every other party is told, and in sequential signing the signer whose turn it began
 * receives the document.
 */
export async function notifySigned(db: Db, change: SigningChangeEvent): Promise<string[]> {
  const document = await documentParties(db, change.documentId);
  if (!document) return [];
  const actor = change.party?.identityNumber ?? null;
  const told = await notifyAbout(db, document, {
    event: 'document.signed',
    documentId: change.documentId,
    at: change.at,
    actor,
    actorName: change.party?.fullName ?? null,
  });
  if (document.signingMethod === 'SEQUENTIAL' && actor !== document.sender.bin) {
    const next = onTurn(document);
    if (next.length > 0)
      told.push(
        ...(await notifyAbout(db, document, {
          event: 'document.received',
          documentId: change.documentId,
          at: change.at,
          actor: document.sender.bin,
          targets: next,
        })),
      );
  }
  return told;
}
