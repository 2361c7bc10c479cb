/**
 * Who among a document's parties hears of an event: `target` the companies the event names (the receiving signer,
 * the reminded signer, the sender of an expired document, the company whose tariff ends), `others` every party but the one that acted, `all` every
 * party.
 */
export type NotificationAudience = 'target' | 'others' | 'all';

/** How one notification event is told: to whom, and whether it is about a document. */
export interface NotificationEventRule {
  audience: NotificationAudience;
  /** True when the event names a document (its link goes to the document, else to the tariffs page). */
  document: boolean;
  /** True when nobody is told when the sender acted (its signature is part of sending; the receivers were told). */
  quietForSender?: boolean;
}

/**
 * Every event a user can be notified of. Adding an event is one line here plus its texts in
 * `notification-texts.ts` (the type check fails without them).
 */
export const NOTIFICATION_EVENT_RULES = {
  'document.received': { audience: 'target', document: true },
  'document.signed': { audience: 'others', document: true, quietForSender: true },
  'document.rejected': { audience: 'others', document: true },
  'document.revoked': { audience: 'others', document: true },
  'document.completed': { audience: 'all', document: true },
  'document.approval_requested': { audience: 'target', document: true },
  // An approver acts for its signer, not as a party: every party is told, the signer's company too (its turn opens,
  // or its document is rejected).
  'document.approved': { audience: 'all', document: true },
  'document.declined': { audience: 'all', document: true },
  'document.reminded': { audience: 'target', document: true },
  'document.expired': { audience: 'target', document: true },
  'tariff.ending': { audience: 'target', document: false },
  'tariff.ended': { audience: 'target', document: false },
  'payment.registered': { audience: 'target', document: false },
} as const satisfies Record<string, NotificationEventRule>;

/** A notification event type. */
export type NotificationEvent = keyof typeof NOTIFICATION_EVENT_RULES;

/** Every {@link NotificationEvent}, in the order of {@link NOTIFICATION_EVENT_RULES}. */
export const NOTIFICATION_EVENTS = Object.keys(NOTIFICATION_EVENT_RULES) as [
  NotificationEvent,
  ...NotificationEvent[],
];

/** True when `value` is a {@link NotificationEvent}. */
export function isNotificationEvent(value: unknown): value is NotificationEvent {
  return typeof value === 'string' && Object.hasOwn(NOTIFICATION_EVENT_RULES, value);
}
