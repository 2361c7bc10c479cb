import {
  contentDisposition,
  SUPPORT_ATTACHMENT_MAX_BYTES,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_UPLOAD_PARTS,
  type SupportAttachment,
} from '@qoltanba/core';
import { bytesResponse } from '../documents/fileContent';
import { type FakeContext, json, refuse } from '../fakeHttp';
import type { SupportConversations } from './conversations';
import type { VisitorIdentity } from './visitors';

// Support attachments: a visitor's file (an image or a PDF, recognised by content) sent as a message, and its
// download.

/** An attachment as the fake stores it: its bytes and the conversation it was sent to. */
export interface StoredAttachment {
  attachment: SupportAttachment;
  conversationId: number;
  bytes: Uint8Array;
}

const ATTACHMENT_SIGNATURES: ReadonlyArray<
  [SupportAttachment['contentType'], (bytes: Uint8Array) => boolean]
> = [
  ['image/png', (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((x, i) => b[i] === x)],
  ['image/jpeg', (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  [
    'image/gif',
    (b) =>
      String.fromCharCode(...b.subarray(0, 6)) === 'GIF89a' ||
      String.fromCharCode(...b.subarray(0, 6)) === 'GIF87a',
  ],
  [
    'image/webp',
    (b) =>
      String.fromCharCode(...b.subarray(0, 4)) === 'RIFF' &&
      String.fromCharCode(...b.subarray(8, 12)) === 'WEBP',
  ],
  ['application/pdf', (b) => String.fromCharCode(...b.subarray(0, 5)) === '%PDF-'],
];

/** The attachment type of some bytes, by their first bytes; undefined for anything else. */
export function supportAttachmentType(bytes: Uint8Array): SupportAttachment['contentType'] | undefined {
  return ATTACHMENT_SIGNATURES.find(([, matches]) => matches(bytes))?.[0];
}

/** The support chat's attachments. */
export function createSupportAttachments({
  nextId,
  countMessage,
  openConversationOf,
  post,
}: SupportConversations) {
  const attachments = new Map<number, StoredAttachment>();

  async function upload(context: FakeContext, identity: VisitorIdentity) {
    if (!(context.rawBody instanceof FormData)) refuse('UNSUPPORTED_MEDIA_TYPE');
    let file: File | undefined;
    let text = '';
    for (const [name, value] of context.rawBody.entries()) {
      if (name === SUPPORT_UPLOAD_PARTS.file && typeof value !== 'string' && file === undefined) file = value;
      else if (name === SUPPORT_UPLOAD_PARTS.text && typeof value === 'string') text = value.trim();
      else refuse('MULTIPART_INVALID');
    }
    if (!file) refuse('MULTIPART_INVALID');
    if (text.length > SUPPORT_MESSAGE_MAX) refuse('SUPPORT_MESSAGE_TOO_LONG');
    if (file.size > SUPPORT_ATTACHMENT_MAX_BYTES) refuse('SUPPORT_ATTACHMENT_TOO_LARGE');
    const bytes = new Uint8Array(await file.arrayBuffer());
    const contentType = supportAttachmentType(bytes);
    if (!contentType) refuse('SUPPORT_ATTACHMENT_TYPE');
    countMessage(identity);
    const attachment: SupportAttachment = {
      id: nextId(),
      name: file.name.trim() || 'attachment',
      contentType,
      size: bytes.length,
    };
    const conversation = openConversationOf(identity, {});
    attachments.set(attachment.id, { attachment, conversationId: conversation.id, bytes });
    return json(201, post(conversation, 'visitor', null, text, attachment));
  }

  function attachmentResponse(stored: StoredAttachment): Response {
    const { attachment, bytes } = stored;
    return bytesResponse(bytes, attachment.contentType, contentDisposition('attachment', attachment.name));
  }

  return { attachments, upload, attachmentResponse };
}
