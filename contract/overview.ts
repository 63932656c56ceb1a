import { z } from 'zod'
import { RARITIES } from './enums'

export const OverviewSchema = z
  .object({
    itemCount: z.number().int(),
    activePlayerCount: z.number().int(),
    distributedCount: z.number().int(),
    /** The guild's "rank first": next in line is then taken from the highest rank (the card says so). */
    rankFirst: z.boolean(),
    /** The raid night running now: next in line is then who is here. */
    night: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    /** For each item, its next in line (contract/next-in-line.ts), or null when nobody can receive now. */
    nextUp: z.array(
      z.object({
        itemId: z.uuid(),
        itemName: z.string(),
        rarity: z.enum(RARITIES).nullable(),
        player: z.object({ id: z.uuid(), name: z.string() }).nullable(),
        /** Entries the queue shows (active players): null player with entries means nobody can receive now. */
        queueCount: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'Overview' })

export type Overview = z.infer<typeof OverviewSchema>
