import { z } from 'zod'
import { RARITIES } from './enums'

export const OverviewSchema = z
  .object({
    itemCount: z.number().int(),
    activePlayerCount: z.number().int(),
    distributedCount: z.number().int(),
    /** For each item, the first pending active player without an active penalty, or null. */
    nextUp: z.array(
      z.object({
        itemId: z.uuid(),
        itemName: z.string(),
        rarity: z.enum(RARITIES).nullable(),
        player: z.object({ id: z.uuid(), name: z.string() }).nullable(),
        /** Entries the queue shows (active players): null player with entries means nobody is pending. */
        queueCount: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'Overview' })

export type Overview = z.infer<typeof OverviewSchema>
