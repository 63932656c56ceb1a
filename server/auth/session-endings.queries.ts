import { createHash } from 'node:crypto'
import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm'
import type { RecordedSessionEnd } from '../../contract/session-end'
import type { DbOrTx } from '../db/client'
import { endedSessions, session } from '../db/schema'

// Why sessions ended, written by whoever ends them, in the same transaction, before the rows go
// (docs/product-rules.md, "Accounts"): the browser still holding one of those cookies is told the reason by
// its next request's 401 and by its live stream (contract/session-end.ts).

/** better-auth's sessions live at most 30 days (server/auth/auth.ts): a reason older than that tells nobody. */
const KEPT_MS = 60 * 60 * 24 * 30 * 1000

/** The SHA-256 of a session token, as ended_sessions keys it. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

type Which = { userIds: string[]; exceptSessionId?: string } | { token: string }

/** Writes down why the chosen sessions end; the caller deletes them next (or their user, which cascades). */
export async function recordSessionEnds(db: DbOrTx, which: Which, reason: RecordedSessionEnd, now: Date) {
  await db.delete(endedSessions).where(lt(endedSessions.endedAt, new Date(now.getTime() - KEPT_MS)))
  const chosen =
    'token' in which
      ? eq(session.token, which.token)
      : and(
          inArray(session.userId, which.userIds),
          which.exceptSessionId ? ne(session.id, which.exceptSessionId) : undefined,
        )
  if ('userIds' in which && which.userIds.length === 0) return
  await db
    .insert(endedSessions)
    .select(
      db
        .select({
          tokenHash: sql<string>`encode(sha256(convert_to(${session.token}, 'UTF8')), 'hex')`.as(
            'token_hash',
          ),
          reason: sql<string>`${reason}::text`.as('reason'),
          endedAt: sql<Date>`${now.toISOString()}::timestamptz`.as('ended_at'),
        })
        .from(session)
        .where(chosen),
    )
    .onConflictDoUpdate({
      target: endedSessions.tokenHash,
      set: { reason: sql`excluded.reason`, endedAt: sql`excluded.ended_at` },
    })
}

/** Why the session of this token ended, or null when nothing was written down. */
export async function findSessionEnd(db: DbOrTx, token: string): Promise<RecordedSessionEnd | null> {
  const [row] = await db
    .select({ reason: endedSessions.reason })
    .from(endedSessions)
    .where(eq(endedSessions.tokenHash, tokenHash(token)))
  return (row?.reason as RecordedSessionEnd | undefined) ?? null
}
