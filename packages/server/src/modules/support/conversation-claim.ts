import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { VisitorParty } from './conversation-store.js';
import { lockSubject } from './subject-lock.js';

type Db = Kysely<Database>;

/**
 * Claims an anonymous visitor's conversations for an identified subject that has none of its own yet, so the
 * history of a visitor who then signs in (or whom a partner identifies) is not lost. Once the subject has a
 * conversation, later visitors' conversations stay theirs. Answers whether anything moved.
 */
export async function claimVisitorConversations(db: Db, from: string, to: VisitorParty): Promise<boolean> {
  const pending = await db
    .selectFrom('support_conversations')
    .select('id')
    .where('subject', '=', from)
    .limit(1)
    .executeTakeFirst();
  if (!pending) return false;
  return db.transaction().execute(async (trx) => {
    for (const subject of [from, to.subject].sort()) await lockSubject(trx, subject);
    const owned = await trx
      .selectFrom('support_conversations')
      .select('id')
      .where('subject', '=', to.subject)
      .limit(1)
      .executeTakeFirst();
    if (owned) return false;
    const moved = await trx
      .updateTable('support_conversations')
      .set({ subject: to.subject, visitor_kind: to.kind, visitor_name: to.name, visitor_email: to.email })
      .where('subject', '=', from)
      .executeTakeFirst();
    return Number(moved.numUpdatedRows) > 0;
  });
}
