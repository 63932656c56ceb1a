import { z } from 'zod'
import { instant, optionalText, requiredText } from './common'
import { RARITIES } from './enums'

/** Rarity 'none' or empty is stored as null. */
const rarityInput = z
  .union([z.enum(RARITIES), z.literal('none'), z.literal(''), z.null()])
  .optional()
  .transform((v) => (v === 'none' || v === '' || v == null ? null : v))

export const ItemInputSchema = z
  .object({
    name: requiredText(120),
    description: optionalText(2000),
    rarity: rarityInput,
    itemType: optionalText(80),
    /**
     * The lowest rank that may receive the item (null or missing: anyone; docs/decisions/018-ranks.md). A rank
     * that is not the guild's is 404 RANK_NOT_FOUND.
     */
    minRankId: z.uuid().nullish(),
  })
  .meta({ id: 'ItemInput' })
export const ItemPatchSchema = ItemInputSchema.partial()
  .extend({ isPublicVisible: z.boolean().optional() })
  .meta({ id: 'ItemPatch' })

export const ItemSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    rarity: z.enum(RARITIES).nullable(),
    itemType: z.string().nullable(),
    isPublicVisible: z.boolean(),
    /** Only this rank and those above it receive the item; null: anyone. */
    minRankId: z.uuid().nullable(),
    /** Entries of active players in this item's queue. */
    queueCount: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'Item' })

export const ItemsSummarySchema = z
  .object({
    totalItems: z.number().int(),
    /** Distinct active players in at least one queue. */
    playersInQueues: z.number().int(),
    /** Epic or legendary. */
    rareItems: z.number().int(),
    /** Loot handed out since `todayStart` (the browser's local midnight). */
    distributedToday: z.number().int(),
  })
  .meta({ id: 'ItemsSummary' })

export const ItemsSummaryQuerySchema = z.object({ todayStart: instant() })

export type ItemInput = z.input<typeof ItemInputSchema>
export type ItemPatch = z.input<typeof ItemPatchSchema>
export type Item = z.infer<typeof ItemSchema>
export type ItemsSummary = z.infer<typeof ItemsSummarySchema>
