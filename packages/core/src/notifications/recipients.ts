import { NOTIFICATION_EVENT_RULES, type NotificationEvent, type NotificationEventRule } from './events';

/** What the recipient rule knows of one event. */
export interface NotificationOccasion {
  event: NotificationEvent;
  /** The companies (BIN/IIN) taking part in the document now: the sender and, once sent, its signers. */
  participants: readonly string[];
  /** The company that acted (signed, rejected, revoked, sent), if any: it is not told of its own act. */
  actor?: string | null;
  /** The companies the event names (the receiver, the reminded signer, the company whose tariff ends). */
  targets?: readonly string[];
  /** The document's sender, for events that are quiet when the sender acted. */
  sender?: string | null;
}

/**
 * The companies told of an event, each once, in the order met. Only a participant of the document is ever told of a
 * document event (a target that does not take part is dropped), so an uninvolved company gets nothing.
 *
 * @example notifiedCompanies({ event: 'document.signed', participants: ['A', 'B'], actor: 'B' }) // ['A']
 */
export function notifiedCompanies(occasion: NotificationOccasion): string[] {
  const rule: NotificationEventRule = NOTIFICATION_EVENT_RULES[occasion.event];
  if (rule.quietForSender && occasion.actor && occasion.actor === occasion.sender) return [];
  const participants = new Set(occasion.participants);
  let chosen: readonly string[];
  if (rule.audience === 'target') {
    const targets = occasion.targets ?? [];
    chosen = rule.document ? targets.filter((bin) => participants.has(bin)) : targets;
  } else if (rule.audience === 'others') {
    chosen = occasion.participants.filter((bin) => bin !== occasion.actor);
  } else {
    chosen = occasion.participants;
  }
  return [...new Set(chosen)];
}

/** A user's membership in a company, as the recipient rule needs it. */
export interface NotifiedMembership {
  userId: string;
  companyBin: string;
}

/** One in-app notification to write: a user, in the context of one of the user's companies. */
export interface NotificationRecipient {
  userId: string;
  companyBin: string;
}

/**
 * The users told of an event: each member of each told company, once per company (a user in two told companies
 * gets one notification per company, each opening the document as that company).
 */
export function notificationRecipients(
  occasion: NotificationOccasion,
  memberships: readonly NotifiedMembership[],
): NotificationRecipient[] {
  const companies = new Set(notifiedCompanies(occasion));
  const seen = new Set<string>();
  const recipients: NotificationRecipient[] = [];
  for (const { userId, companyBin } of memberships) {
    const key = `${userId}\u0000${companyBin}`;
    if (!companies.has(companyBin) || seen.has(key)) continue;
    seen.add(key);
    recipients.push({ userId, companyBin });
  }
  return recipients;
}
