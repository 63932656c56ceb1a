import { eq } from 'drizzle-orm'
import type { PublicVisibility } from '../../../contract/public-visibility'
import type { DbOrTx } from '../../db/client'
import { guilds } from '../../db/schema'
import type { PublicQueueMode } from '../../../contract/enums'

// The guild's visibility settings (contract/public-visibility.ts): columns of its row, so the public gate's
// cached row carries them and any change of them drops the guild's cached public answers (read-cache.ts).

const columns = {
  showNotes: guilds.publicShowNotes,
  showCounters: guilds.publicShowCounters,
  queueMode: guilds.publicQueueMode,
  queueFirst: guilds.publicQueueFirst,
  showAttendance: guilds.publicShowAttendance,
}

/** Locks the row (`forUpdate`) inside a write, so two admins' changes are described one after the other. */
export async function guildVisibility(
  db: DbOrTx,
  guildId: string,
  options: { forUpdate?: boolean } = {},
): Promise<PublicVisibility> {
  const query = db.select(columns).from(guilds).where(eq(guilds.id, guildId))
  const [row] = await (options.forUpdate ? query.for('update') : query)
  return { ...row!, queueMode: row!.queueMode as PublicQueueMode }
}

export async function setGuildVisibility(db: DbOrTx, guildId: string, input: PublicVisibility, now: Date) {
  await db
    .update(guilds)
    .set({
      publicShowNotes: input.showNotes,
      publicShowCounters: input.showCounters,
      publicQueueMode: input.queueMode,
      publicQueueFirst: input.queueFirst,
      publicShowAttendance: input.showAttendance,
      updatedAt: now,
    })
    .where(eq(guilds.id, guildId))
}
