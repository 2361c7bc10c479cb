import {
  apiPath,
  errorResponseSchema,
  type HelpConfig,
  helpConfigSchema,
  type Lang,
  SUPPORT_IDENTITY_HEADER,
  SUPPORT_PATHS,
  SUPPORT_UPLOAD_PARTS,
  SUPPORT_VISITOR_HEADER,
  type SupportConversationPage,
  type SupportConversationView,
  type SupportMessage,
  type SupportMessagePage,
  type SupportMessageRequest,
  supportConversationPageSchema,
  supportConversationViewSchema,
  supportMessagePageSchema,
  supportMessageSchema,
  supportVisitorIssuedSchema,
} from '@qoltanba/core';
import { ChatError } from './chat-error';

/** Who the visitor is: a server-signed identity token, an anonymous visitor token, or both (the server merges). */
export interface Credentials {
  identity: string | null;
  visitor: string | null;
}

/** One multipart POST with upload progress (XMLHttpRequest in browsers; tests pass their own). */
export type Uploader = (request: {
  url: string;
  headers: Record<string, string>;
  body: FormData;
  /** Called with the fraction sent, 0..1. */
  onProgress(fraction: number): void;
}) => Promise<Response>;

/** What {@link createSupportApi} needs. */
export interface SupportApiOptions {
  /** The Qoltanba origin. */
  api: string;
  credentials(): Credentials;
  lang(): Lang;
  fetch?: typeof fetch;
  upload?: Uploader;
}

/** The visitor side of the support chat contract (`SUPPORT_PATHS`), over `fetch`, never with cookies. */
export type SupportApi = ReturnType<typeof createSupportApi>;

/** An uploader over XMLHttpRequest, the one browser API that reports upload progress. */
export const xhrUpload: Uploader = ({ url, headers, body, onProgress }) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const responseHeaders = new Headers();
      for (const name of ['content-type', 'retry-after']) {
        const value = xhr.getResponseHeader(name);
        if (value) responseHeaders.set(name, value);
      }
      const empty = xhr.status === 204 || xhr.responseText === '';
      resolve(
        new Response(empty ? null : xhr.responseText, { status: xhr.status, headers: responseHeaders }),
      );
    };
    xhr.onerror = () => reject(new TypeError('upload failed'));
    xhr.onabort = () => reject(new TypeError('upload aborted'));
    xhr.send(body);
  });

/** The error of a refused response: its catalogue code (and the server's text), else one by status. */
export async function errorOf(response: Response): Promise<ChatError> {
  const retryAfter = Number(response.headers.get('retry-after')) || 60;
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const parsed = errorResponseSchema.safeParse(body);
  if (parsed.success && typeof parsed.data?.code === 'string')
    return new ChatError(parsed.data.code, { retryAfter }, parsed.data.message);
  if (response.status === 429) return new ChatError('RATE_LIMITED', { retryAfter });
  if (response.status === 413) return new ChatError('PAYLOAD_TOO_LARGE');
  if (response.status === 503) return new ChatError('SERVICE_UNAVAILABLE');
  return new ChatError('INTERNAL_ERROR');
}

/** Creates the chat's API client. Responses are checked with core's schemas. */
export function createSupportApi(options: SupportApiOptions) {
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const upload = options.upload ?? xhrUpload;
  const url = (path: string) => `${options.api}${path}`;

  function headers(extra: Record<string, string> = {}): Record<string, string> {
    const { identity, visitor } = options.credentials();
    return {
      'accept-language': options.lang(),
      ...(identity ? { [SUPPORT_IDENTITY_HEADER]: identity } : {}),
      ...(visitor ? { [SUPPORT_VISITOR_HEADER]: visitor } : {}),
      ...extra,
    };
  }

  async function request(path: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetchImpl(url(path), {
      ...init,
      credentials: 'omit',
      headers: headers(init.body ? { 'content-type': 'application/json' } : {}),
    });
    if (!response.ok) throw await errorOf(response);
    return response;
  }

  return {
    /** GET the help page per language, WhatsApp and Telegram links and whether the chat is on (getHelpConfig). */
    async helpConfig(): Promise<HelpConfig> {
      const response = await fetchImpl(url(SUPPORT_PATHS.helpConfig), {
        credentials: 'omit',
        headers: { 'accept-language': options.lang() },
      });
      if (!response.ok) throw await errorOf(response);
      return helpConfigSchema.parse(await response.json());
    },
    /** A new anonymous visitor token (createSupportVisitor). */
    async createVisitor(): Promise<string> {
      const response = await request(SUPPORT_PATHS.visitors, { method: 'POST' });
      return supportVisitorIssuedSchema.parse(await response.json()).visitorToken;
    },
    /** The visitor's latest conversation and its newest messages (getMySupportConversation). */
    async conversation(): Promise<SupportConversationView> {
      const response = await request(SUPPORT_PATHS.myConversation);
      return supportConversationViewSchema.parse(await response.json());
    },
    /** The page of a conversation's messages before `cursor`, else its newest (listMySupportMessages). */
    async messages(conversationId: number, cursor?: string | null): Promise<SupportMessagePage> {
      const path = apiPath(SUPPORT_PATHS.myConversationMessages, { id: String(conversationId) });
      const response = await request(cursor ? `${path}?cursor=${encodeURIComponent(cursor)}` : path);
      return supportMessagePageSchema.parse(await response.json());
    },
    /** The visitor's conversations, newest first, after `cursor` (listMySupportConversations). */
    async conversations(cursor?: string | null): Promise<SupportConversationPage> {
      const path = SUPPORT_PATHS.myConversations;
      const response = await request(cursor ? `${path}?cursor=${encodeURIComponent(cursor)}` : path);
      return supportConversationPageSchema.parse(await response.json());
    },
    /** Posts a message (sendSupportMessage). */
    async sendMessage(body: SupportMessageRequest): Promise<SupportMessage> {
      const response = await request(SUPPORT_PATHS.myMessages, {
        method: 'POST',
        body: JSON.stringify(body),
      });
      return supportMessageSchema.parse(await response.json());
    },
    /** Posts a file, with an optional text, reporting progress (sendSupportAttachment). */
    async sendAttachment(
      file: File,
      text: string,
      onProgress: (fraction: number) => void,
    ): Promise<SupportMessage> {
      const form = new FormData();
      // The text before the file: a streaming multipart reader meets the fields first.
      if (text) form.append(SUPPORT_UPLOAD_PARTS.text, text);
      form.append(SUPPORT_UPLOAD_PARTS.file, file, file.name);
      const response = await upload({
        url: url(SUPPORT_PATHS.myAttachments),
        headers: headers(),
        body: form,
        onProgress,
      });
      if (!response.ok) throw await errorOf(response);
      return supportMessageSchema.parse(await response.json());
    },
    /** Marks the conversation read up to `lastMessageId` (markMySupportConversationRead). */
    async markRead(lastMessageId: number): Promise<void> {
      await request(SUPPORT_PATHS.myRead, { method: 'POST', body: JSON.stringify({ lastMessageId }) });
    },
    /** The bytes of an attachment of the visitor's conversations (downloadMySupportAttachment). */
    async attachment(attachmentId: number): Promise<Blob> {
      const response = await request(
        apiPath(SUPPORT_PATHS.myAttachment, { attachmentId: String(attachmentId) }),
      );
      return response.blob();
    },
    /** Opens the event stream (streamMySupportEvents), resuming after `lastEventId`; the raw response. */
    async events(lastEventId: string | undefined, signal: AbortSignal): Promise<Response> {
      const response = await fetchImpl(url(SUPPORT_PATHS.myEvents), {
        credentials: 'omit',
        cache: 'no-store',
        signal,
        headers: headers({
          accept: 'text/event-stream',
          ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }),
        }),
      });
      if (!response.ok) throw await errorOf(response);
      return response;
    },
  };
}
