import { randomUUID } from 'node:crypto'
import { lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { rateLimit } from '../../db/schema'

/**
 * Counts one attempt in `key`'s window and returns the count and when the window started, in one upsert:
 * a window that ended restarts at 1. Times are whole seconds (the columns are 32-bit integers).
 * `last_request` holds the window's start.
 */
export async function countAttempt(db: Db, key: string, windowSeconds: number, now: number) {
  const ended = sql`${rateLimit.lastRequest} <= ${now - windowSeconds}`
  const [row] = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${ended} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${ended} then ${now} else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count, windowStart: rateLimit.lastRequest })
  return row!
}

export async function deleteWindowsOlderThan(db: Db, before: number) {
  await db.delete(rateLimit).where(lt(rateLimit.lastRequest, before))
}
