import { desc } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { mailOutbox } from '../../db/schema'

/** The development outbox (no SMTP_URL): the newest e-mails of every guild, for the developer's eyes only. */
export async function latestMails(db: DbOrTx, limit = 100) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit)
}
