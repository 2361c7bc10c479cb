import {
  apiPath,
  SUPPORT_PATHS,
  type SupportIdentityIssued,
  type SupportInboxConversation,
  type SupportInboxConversationView,
  type SupportInboxPage,
  type SupportInboxQuery,
  type SupportMessage,
  type SupportMessagePage,
  type SupportMessagesQuery,
  type SupportOperatorStatus,
  supportIdentityIssuedSchema,
  supportInboxConversationSchema,
  supportInboxConversationViewSchema,
  supportInboxPageSchema,
  supportMessagePageSchema,
  supportMessageSchema,
  supportOperatorStatusSchema,
} from '@qoltanba/core';
import { readResponse } from '../api/expectResponse';
import { contentDispositionFileName, type DownloadedFile } from '../documents/documentsApi';
import { activeClient } from '../session/activeClient';

// The operators' inbox of the support chat and the signed-in user's identity token for the help widget
// (`SUPPORT_PATHS` of core). Every call is the session's: bearer, refresh, a 401 ends the session. A signed-in user
// who is not an operator gets ApiError SUPPORT_OPERATOR_ONLY (403) from the inbox calls.

/** Options of the support calls. */
export interface SupportCallOptions {
  /** Aborts the request; the call then rejects with an `AbortError`. */
  signal?: AbortSignal;
}

/** Query of {@link listSupportConversations}; every field has the server's default (open, 50, first page). */
export type SupportInboxListParams = Partial<SupportInboxQuery>;

/** Query of {@link listSupportConversationMessages}; without `cursor`, the newest page (50 by default). */
export type SupportMessagesParams = Partial<SupportMessagesQuery>;

function request(
  template: string,
  params: Record<string, number> = {},
  search = '',
  options: SupportCallOptions = {},
) {
  const client = activeClient();
  const filled = Object.fromEntries(Object.entries(params).map(([name, value]) => [name, String(value)]));
  const path = apiPath(template, filled);
  const base = options.signal ? client.api.options({ signal: options.signal }) : client.api;
  return { client, path, api: base.url(`${path}${search}`) };
}

/** Whether the signed-in user may open the inbox (an admin command grants the operator role). */
export function getSupportOperatorStatus(options?: SupportCallOptions): Promise<SupportOperatorStatus> {
  const { api, client } = request(SUPPORT_PATHS.operatorStatus, {}, '', options);
  return readResponse(api.get().json<unknown>(), supportOperatorStatusSchema, client.lang);
}

/** The query string of a page: the given fields in a stable order. */
function pageSearch(params: Partial<Record<'status' | 'limit' | 'cursor', string | number>>): string {
  const search = new URLSearchParams();
  for (const name of ['status', 'limit', 'cursor'] as const) {
    const value = params[name];
    if (value !== undefined && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * One page of the inbox: conversations of a status, latest activity first, with their unread counts. Pass the
 * page's `nextCursor` as `cursor` for the next one (keyset paging).
 *
 * @example const page = await listSupportConversations({ status: 'open' });
 */
export function listSupportConversations(
  params: SupportInboxListParams = {},
  options?: SupportCallOptions,
): Promise<SupportInboxPage> {
  const { api, client } = request(SUPPORT_PATHS.inbox, {}, pageSearch(params), options);
  return readResponse(api.get().json<unknown>(), supportInboxPageSchema, client.lang);
}

/**
 * One conversation with its newest messages (at most `limit`, 50 by default), oldest first; `nextCursor` pages back
 * with {@link listSupportConversationMessages}. ApiError ENTITY_NOT_FOUND (404) when there is none.
 */
export function getSupportConversation(
  id: number,
  options?: SupportCallOptions & { limit?: number },
): Promise<SupportInboxConversationView> {
  const search = pageSearch({ ...(options?.limit === undefined ? {} : { limit: options.limit }) });
  const { api, client } = request(SUPPORT_PATHS.inboxConversation, { id }, search, options);
  return readResponse(api.get().json<unknown>(), supportInboxConversationViewSchema, client.lang);
}

/**
 * A page of a conversation's messages, oldest first: the newest without `cursor`, else those before the `nextCursor`
 * it is given (of the view or of an earlier page). ApiError ENTITY_NOT_FOUND (404) for an unknown conversation.
 *
 * @example const older = await listSupportConversationMessages(12, { cursor: view.nextCursor ?? undefined });
 */
export function listSupportConversationMessages(
  id: number,
  params: SupportMessagesParams = {},
  options?: SupportCallOptions,
): Promise<SupportMessagePage> {
  const { api, client } = request(SUPPORT_PATHS.inboxMessages, { id }, pageSearch(params), options);
  return readResponse(api.get().json<unknown>(), supportMessagePageSchema, client.lang);
}

/**
 * An operator's reply; resolves with the stored message. Rejects with ApiError SUPPORT_MESSAGE_EMPTY or
 * SUPPORT_MESSAGE_TOO_LONG (core's `supportMessageRequestSchema` checks the same before sending).
 */
export function replySupportConversation(id: number, text: string): Promise<SupportMessage> {
  const { api, client } = request(SUPPORT_PATHS.inboxMessages, { id });
  return readResponse(api.post({ text }).json<unknown>(), supportMessageSchema, client.lang);
}

/** Marks the visitor's messages of a conversation read up to `lastMessageId` (its unread count drops). */
export async function markSupportConversationRead(id: number, lastMessageId: number): Promise<void> {
  const { api } = request(SUPPORT_PATHS.inboxRead, { id });
  await api.post({ lastMessageId }).res();
}

/** Closes a conversation (the visitor's next message opens a new one); resolves with it as it is now. */
export function closeSupportConversation(id: number): Promise<SupportInboxConversation> {
  const { api, client } = request(SUPPORT_PATHS.inboxClose, { id });
  return readResponse(api.post().json<unknown>(), supportInboxConversationSchema, client.lang);
}

/**
 * Address of an attachment's bytes, for a link. It relies on the server accepting the GATEWAY cookie on GET (a link
 * sends no bearer); {@link downloadSupportAttachment} sends the bearer.
 */
export function supportAttachmentUrl(conversationId: number, attachmentId: number): string {
  const { client, path } = request(SUPPORT_PATHS.inboxAttachment, { id: conversationId, attachmentId });
  return `${client.baseUrl}${path}`;
}

/** Downloads an attachment of a conversation with the bearer header. */
export async function downloadSupportAttachment(
  conversationId: number,
  attachmentId: number,
  options?: SupportCallOptions,
): Promise<DownloadedFile> {
  const { api } = request(SUPPORT_PATHS.inboxAttachment, { id: conversationId, attachmentId }, '', options);
  const response = await api.get().res();
  const fileName = contentDispositionFileName(response.headers.get('content-disposition'));
  return { blob: await response.blob(), fileName };
}

/**
 * A server-signed identity token for the signed-in user, for the help widget (`QoltanbaHelp('identify', token)`):
 * the widget sends it as `x-qoltanba-support-identity`, so the chat is tied to the user. Renew it before `expiresAt`
 * (`$supportIdentity` does).
 */
export function createSupportIdentityToken(options?: SupportCallOptions): Promise<SupportIdentityIssued> {
  const { api, client } = request(SUPPORT_PATHS.identityTokens, {}, '', options);
  return readResponse(api.post().json<unknown>(), supportIdentityIssuedSchema, client.lang);
}
