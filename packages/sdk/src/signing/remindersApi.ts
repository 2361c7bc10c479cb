import {
  type DocumentSchedule,
  type DocumentScheduleRequest,
  documentScheduleSchema,
  type ReminderStatus,
  reminderStatusSchema,
  SIGNING_PATHS,
  type SigningLinkIssued,
  signingLinkIssuedSchema,
} from '@qoltanba/core';
import { readResponse } from '../api/expectResponse';
import { type CompanyScope, companyRequest } from '../company/companyScope';

/** Per signer whose turn has come: when it was last reminded and the seconds until it may be reminded again. */
export function getReminders(id: number, scope?: CompanyScope): Promise<ReminderStatus> {
  const { api, client } = companyRequest(SIGNING_PATHS.reminders, { id }, scope);
  return readResponse(api.get().json<unknown>(), reminderStatusSchema, client.lang);
}

/**
 * Reminds the signers whose turn has come by e-mail (the sender only): `identityNumber` one of them, else all. The
 * same signer only once per waiting time: ApiError REMINDER_TOO_EARLY (429) with `params.wait`, the seconds left.
 */
export function remindSigners(
  id: number,
  identityNumber?: string,
  scope?: CompanyScope,
): Promise<ReminderStatus> {
  const { api, client } = companyRequest(SIGNING_PATHS.reminders, { id }, scope);
  const body = identityNumber === undefined ? {} : { identityNumber };
  return readResponse(api.post(body).json<unknown>(), reminderStatusSchema, client.lang);
}

/**
 * Seconds left of a reminder countdown at `now`, from `secondsLeft` read at `readAt`, rounded up and never below 0;
 * show it with core's `formatCountdown` (hours:minutes:seconds), once a second.
 */
export function reminderTimeLeft(secondsLeft: number, readAt: Date, now: Date): number {
  return Math.max(0, Math.ceil(secondsLeft - (now.getTime() - readAt.getTime()) / 1000));
}

/** Sends the approver of a signer a new approval link (the sender only; earlier links stop working). */
export function resendApprovalLink(
  id: number,
  identityNumber: string,
  scope?: CompanyScope,
): Promise<SigningLinkIssued> {
  const { api, client } = companyRequest(SIGNING_PATHS.resendApprovalLink, { id }, scope);
  return readResponse(api.post({ identityNumber }).json<unknown>(), signingLinkIssuedSchema, client.lang);
}

/** The document's expiry date and automatic reminder interval (null: none). */
export function getDocumentSchedule(id: number, scope?: CompanyScope): Promise<DocumentSchedule> {
  const { api, client } = companyRequest(SIGNING_PATHS.schedule, { id }, scope);
  return readResponse(api.get().json<unknown>(), documentScheduleSchema, client.lang);
}

/** Sets when the document stops accepting signatures and how often its signers are reminded (the sender only). */
export function setDocumentSchedule(
  id: number,
  schedule: DocumentScheduleRequest,
  scope?: CompanyScope,
): Promise<DocumentSchedule> {
  const { api, client } = companyRequest(SIGNING_PATHS.schedule, { id }, scope);
  return readResponse(api.put(schedule).json<unknown>(), documentScheduleSchema, client.lang);
}
