import { z } from 'zod'
import { instant, optionalText, nameText } from './common'
import { RARITIES } from './enums'

/** An item's name and type, wherever they are given: the items' form, an import. */
export const ITEM_NAME_MAX = 120
export const ITEM_TYPE_MAX = 80
export const ITEM_DESCRIPTION_MAX = 2000

/** Rarity 'none' or empty is stored as null. */
const rarityInput = z
  .union([z.enum(RARITIES), z.literal('none'), z.literal(''), z.null()])
  .optional()
  .transform((v) => (v === 'none' || v === '' || v == null ? null : v))

export const ItemInputSchema = z
  .object({
    name: nameText(ITEM_NAME_MAX),
    description: optionalText(ITEM_DESCRIPTION_MAX),
    rarity: rarityInput,
    itemType: optionalText(ITEM_TYPE_MAX),
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

export const ItemsSummaryQuerySchema = z.strictObject({ todayStart: instant() })

export type ItemInput = z.input<typeof ItemInputSchema>
export type ItemPatch = z.input<typeof ItemPatchSchema>
export type Item = z.infer<typeof ItemSchema>
export type ItemsSummary = z.infer<typeof ItemsSummarySchema>
