import type { SupportAttachment } from '@qoltanba/core';
import type { Kysely } from 'kysely';
import { isRowId } from '../../db/row-id.js';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

/** A stored attachment, for its download. */
export interface StoredAttachment {
  blobKey: string;
  name: string;
  contentType: SupportAttachment['contentType'];
}

/** An attachment of one of the subject's conversations (visitors), or of the conversation given (operators). */
export async function findAttachment(
  db: Db,
  attachmentId: number,
  scope: { subject: string } | { conversationId: number },
): Promise<StoredAttachment | undefined> {
  if (!isRowId(attachmentId)) return undefined;
  if ('conversationId' in scope && !isRowId(scope.conversationId)) return undefined;
  let query = db
    .selectFrom('support_attachments as a')
    .innerJoin('support_conversations as c', 'c.id', 'a.conversation_id')
    .select(['a.blob_key', 'a.name', 'a.content_type'])
    .where('a.id', '=', attachmentId);
  query =
    'subject' in scope
      ? query.where('c.subject', '=', scope.subject)
      : query.where('c.id', '=', scope.conversationId);
  const row = await query.executeTakeFirst();
  return row
    ? {
        blobKey: row.blob_key,
        name: row.name,
        contentType: row.content_type as StoredAttachment['contentType'],
      }
    : undefined;
}
