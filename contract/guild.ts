import { z } from 'zod'
import { nameText } from './common'
import { SUBSCRIPTION_STATUSES } from './enums'
import { MAX_GUILD_NAME, publicPasswordPatch, SubscriptionSchema } from './accounts'

/** The guild as its members see it (the public password too: members share it with raiders). */
export const GuildSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    slug: z.string(),
    subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
    subscription: SubscriptionSchema,
    publicAccessPassword: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Guild' })
export type Guild = z.infer<typeof GuildSchema>

/** Admins edit the name and the public password; the slug never changes. */
export const GuildPatchSchema = z
  .object({
    name: nameText(MAX_GUILD_NAME).optional(),
    publicAccessPassword: publicPasswordPatch.optional(),
  })
  .meta({ id: 'GuildPatch' })
export type GuildPatch = z.input<typeof GuildPatchSchema>

export const GuildStatsSchema = z
  .object({
    /** Active members (profiles) of the guild. */
    members: z.number().int(),
    items: z.number().int(),
    /** Loot handed out (history rows). */
    distributed: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'GuildStats' })
export type GuildStats = z.infer<typeof GuildStatsSchema>
