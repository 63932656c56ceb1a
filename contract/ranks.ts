import { z } from 'zod'
import { nameText } from './common'

// A guild's ranks (docs/product-rules.md, "Ranks"; docs/decisions/018-ranks.md): a name and a level, 0 the
// highest. A guild starts with none; a player has at most one.

export const MAX_RANKS = 20
export const RANK_NAME_MAX = 40
/** How many items a rank's `minimumOf` and a refused delete name before "and N more". */
export const MINIMUM_ITEMS_NAMED = 3

export const RankInputSchema = z.object({ name: nameText(RANK_NAME_MAX) }).meta({ id: 'RankInput' })

export const RankSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    /** 0 is the highest; the guild's ranks hold 0..n-1. */
    level: z.number().int(),
    /** How many of the guild's players (any status) hold it. */
    playerCount: z.number().int(),
    /**
     * The items that take it as their minimum rank: how many, and the first MINIMUM_ITEMS_NAMED names by name.
     * While there are any, the rank cannot be deleted (409 RANK_IS_ITEM_MINIMUM): the delete dialog says so first.
     */
    minimumOf: z.object({ count: z.number().int(), names: z.array(z.string()) }),
  })
  .meta({ id: 'Rank' })

export const RankListSchema = z.object({ ranks: z.array(RankSchema) }).meta({ id: 'RankList' })

/** Every rank of the guild, highest first: their new levels are their places here. */
export const RankOrderSchema = z
  .object({ rankIds: z.array(z.uuid()).max(MAX_RANKS) })
  .meta({ id: 'RankOrder' })

export const RankDeletedSchema = z
  .object({
    /** How many players held the rank and now have none. */
    playersCleared: z.number().int(),
  })
  .meta({ id: 'RankDeleted' })

/**
 * The guild's "rank first" (docs/decisions/018-ranks.md): next in line is taken from the highest rank present
 * among those who can receive, players without a rank after every ranked one; within a rank, the queue's order.
 */
export const RankFirstSchema = z.object({ rankFirst: z.boolean() }).meta({ id: 'RankFirst' })

export type RankInput = z.input<typeof RankInputSchema>
export type RankFirst = z.infer<typeof RankFirstSchema>
export type Rank = z.infer<typeof RankSchema>
export type RankList = z.infer<typeof RankListSchema>
export type RankOrder = z.infer<typeof RankOrderSchema>
export type RankDeleted = z.infer<typeof RankDeletedSchema>
