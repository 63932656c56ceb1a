import { z } from 'zod'
import { optionalText, nameText } from './common'
import { PLAYER_STATUSES } from './enums'

/** A player's (character's) name, wherever it is given: the players' form, an import. */
export const PLAYER_NAME_MAX = 80
export const PLAYER_NOTES_MAX = 1000

export const PlayerInputSchema = z
  .object({
    name: nameText(PLAYER_NAME_MAX),
    notes: optionalText(PLAYER_NOTES_MAX),
    playerStatus: z.enum(PLAYER_STATUSES).default('active'),
    /** The player's rank (null: none; missing: none for a new player, unchanged on a patch). */
    rankId: z.uuid().nullable().optional(),
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
    /** Their rank (contract/ranks.ts), or null. */
    rankId: z.uuid().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Player' })

/** The most players added together (a raid roster pasted, one name per line). */
export const PLAYERS_BATCH_MAX = 100

/** Several new players at once, active, all with the same rank (or none): one change, all or nothing. */
export const PlayersBatchSchema = z
  .object({
    names: z.array(nameText(PLAYER_NAME_MAX)).min(1).max(PLAYERS_BATCH_MAX),
    rankId: z.uuid().nullable().optional(),
  })
  .meta({ id: 'PlayersBatch' })

export const PlayersAddedSchema = z.object({ players: z.array(PlayerSchema) }).meta({ id: 'PlayersAdded' })

/** Selected players, all given one rank (null: none), in one change. */
export const PlayersRankSchema = z
  .object({ playerIds: z.array(z.uuid()).min(1).max(1000), rankId: z.uuid().nullable() })
  .meta({ id: 'PlayersRank' })

export const PlayersRankChangedSchema = z
  .object({ changed: z.number().int() })
  .meta({ id: 'PlayersRankChanged' })

export type PlayerInput = z.input<typeof PlayerInputSchema>
export type Player = z.infer<typeof PlayerSchema>
export type PlayersRank = z.infer<typeof PlayersRankSchema>
export type PlayersBatch = z.input<typeof PlayersBatchSchema>
