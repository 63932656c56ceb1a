import { randomUUID } from 'node:crypto'
import { lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { rateLimit } from '../db/schema'

/**
 * better-auth's rate-limit storage on our rate_limit table, shared by every process.
 * One upsert per request makes check-and-count atomic. Times are whole seconds: the column is a
 * 32-bit integer, too small for the milliseconds better-auth's built-in database storage writes.
 */
export function databaseRateLimitStorage(db: Db) {
  return {
    consume: async (key: string, rule: { window: number; max: number }) => {
      const now = Math.floor(Date.now() / 1000)
      const windowStart = now - rule.window
      const expired = sql`${rateLimit.lastRequest} <= ${windowStart}`
      const [row] = await db
        .insert(rateLimit)
        .values({ id: randomUUID(), key, count: 1, lastRequest: now })
        .onConflictDoUpdate({
          target: rateLimit.key,
          set: {
            count: sql`case when ${expired} then 1 else ${rateLimit.count} + 1 end`,
            lastRequest: sql`case when ${expired} then ${now} else ${rateLimit.lastRequest} end`,
          },
        })
        .returning({ count: rateLimit.count, lastRequest: rateLimit.lastRequest })
      // Old windows are useless; clearing them now and then keeps the table small.
      if (Math.random() < 0.01) await db.delete(rateLimit).where(lt(rateLimit.lastRequest, now - 24 * 3600))
      if (row!.count <= rule.max) return { allowed: true, retryAfter: null }
      return { allowed: false, retryAfter: Math.max(1, row!.lastRequest + rule.window - now) }
    },
  }
}
