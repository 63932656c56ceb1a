import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { MAX_RANKS } from '../../../contract/ranks'
import { ownedByGuild } from './guilds'
import { timestamps, uuidPrimaryKey } from './util'

/**
 * A guild's ranks (docs/decisions/018-ranks.md): a name, unique per guild whatever its case, and a level, 0 the
 * highest. The service keeps the levels 0..n-1 (a reorder rewrites them in one transaction), so no two ranks
 * of a guild share one; no unique index holds that, as a reorder's single UPDATE would trip it row by row.
 */
export const guildRanks = pgTable(
  'guild_ranks',
  {
    id: uuidPrimaryKey(),
    guildId: ownedByGuild(),
    name: text('name').notNull(),
    level: integer('level').notNull(),
    ...timestamps(),
  },
  (t) => [
    index('guild_ranks_guild_id_idx').on(t.guildId, t.level),
    uniqueIndex('guild_ranks_guild_name_idx').on(t.guildId, sql`lower(${t.name})`),
    check('guild_ranks_level_check', sql`${t.level} >= 0 and ${t.level} < ${sql.raw(String(MAX_RANKS))}`),
  ],
)
