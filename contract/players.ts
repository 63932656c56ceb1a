import { z } from 'zod'
import { optionalText, requiredText } from './common'
import { PLAYER_STATUSES } from './enums'

export const PlayerInputSchema = z
  .object({
    name: requiredText(80),
    notes: optionalText(1000),
    playerStatus: z.enum(PLAYER_STATUSES).default('active'),
  })
  .meta({ id: 'PlayerInput' })
// No default on a patch: a missing status must leave the player's status alone.
export const PlayerPatchSchema = PlayerInputSchema.extend({ playerStatus: z.enum(PLAYER_STATUSES) })
  .partial()
  .meta({ id: 'PlayerPatch' })

export const PlayerSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    notes: z.string().nullable(),
    playerStatus: z.enum(PLAYER_STATUSES),
    isActive: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'Player' })

export type PlayerInput = z.input<typeof PlayerInputSchema>
export type Player = z.infer<typeof PlayerSchema>
