import type { z } from 'zod'
import { slugify } from '../../../contract/accounts'
import type { Guild, GuildPatchSchema, GuildStats } from '../../../contract/guild'
import type { Deps } from '../../deps'
import type { DbOrTx } from '../../db/client'
import type { GuildActor } from '../../lib/actor'
import { AppError } from '../../lib/app-error'
import { deriveSubscription } from '../../lib/subscription-state'
import { insertAuditRow } from '../../platform/audit/audit.queries'
import { readGuildExport } from './guild-export.queries'
import * as q from './guilds.queries'

type GuildRow = NonNullable<Awaited<ReturnType<typeof q.findGuild>>>

function present(row: GuildRow, now: Date): Guild {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    subscriptionStatus: row.subscriptionStatus as Guild['subscriptionStatus'],
    subscription: deriveSubscription(row, now),
    publicAccessPassword: row.publicAccessPassword,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export async function getGuild(deps: Deps, guildId: string): Promise<Guild> {
  const row = await q.findGuild(deps.database.db, guildId)
  if (!row) throw new AppError('NOT_FOUND')
  return present(row, deps.now())
}

/**
 * One rule for a guild's name, at sign-up and on rename: it is taken when its slug form (slugify: case,
 * accents and punctuation aside) is another guild's link or another guild's current name. A renamed guild
 * keeps its link, so both are checked. Call inside the transaction that writes the name: it holds a lock
 * on that name until the commit, so two claims on one name cannot both pass.
 */
export async function assertGuildNameFree(
  tx: DbOrTx,
  name: string,
  options: { exceptGuildId?: string; field: string },
) {
  const slugForm = slugify(name)
  await q.lockGuildName(tx, slugForm)
  if (await q.otherGuildWithSlugForm(tx, slugForm, options.exceptGuildId ?? null))
    // The address said too: "Ordem da Fúnix" is refused for "Ordem da Fênix"'s link, ordem-da-f-nix, though no
    // guild has that name (an outside test, 2026-12-07).
    throw new AppError('GUILD_NAME_TAKEN', {
      fields: { [options.field]: 'GUILD_NAME_TAKEN' },
      vars: { slug: slugForm },
    })
}

/** Admins change the name and the public password; the slug (the public link) never changes. */
export async function updateGuild(
  deps: Deps,
  who: GuildActor,
  patch: z.output<typeof GuildPatchSchema>,
): Promise<Guild> {
  const now = deps.now()
  const row = await deps.database.db.transaction(async (tx) => {
    const before = await q.findGuild(tx, who.guildId)
    if (!before) throw new AppError('NOT_FOUND')
    const renamed = patch.name !== undefined && patch.name !== before.name
    const passwordChanged =
      patch.publicAccessPassword !== undefined && patch.publicAccessPassword !== before.publicAccessPassword
    if (!renamed && !passwordChanged) return before
    if (renamed) await assertGuildNameFree(tx, patch.name!, { exceptGuildId: who.guildId, field: 'name' })
    const after = await q.updateGuild(tx, who.guildId, patch, now)
    // Like item and player edits: the name (old → new when renamed), then the codes of the other changed
    // fields, which the activity log shows in words (contract/activity-description.ts). The password
    // itself never goes into the log: only the fact that it changed.
    const name = renamed ? `${before.name} → ${patch.name}` : before.name
    await insertAuditRow(tx, {
      guildId: who.guildId,
      userId: who.userId,
      actionType: 'GUILD_UPDATE',
      tableName: 'guilds',
      recordId: who.guildId,
      description: passwordChanged ? `${name} · publicAccessPassword` : name,
    })
    return after!
  })
  await deps.realtime.publish({ guildId: who.guildId, topic: 'guild' })
  return present(row, now)
}

export async function guildStats(deps: Deps, guildId: string): Promise<GuildStats> {
  const row = await q.findGuild(deps.database.db, guildId)
  if (!row) throw new AppError('NOT_FOUND')
  const counts = await q.guildCounts(deps.database.db, guildId)
  return { ...counts, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() }
}

/** Everything the guild owns as one JSON document (data portability), and the name it downloads as. */
export async function exportGuild(deps: Deps, guild: { id: string; slug: string }) {
  const now = deps.now().toISOString()
  const data = await readGuildExport(deps.database.db, guild.id)
  return {
    fileName: `lootqueue-${guild.slug}-${now.slice(0, 10)}.json`,
    document: { exportedAt: now, format: 'lootqueue-guild-export/1', ...data },
  }
}
