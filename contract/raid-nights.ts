import { z } from 'zod'
import { optionalText, nameText } from './common'
import { PLAYER_STATUSES, NIGHT_ATTENDANCE, NO_SHOW_RULES, type NightAttendance } from './enums'
import { isTimeZone, LootHistoryRowSchema } from './history'

// Raid nights (the specification's events): a night's fields, its attendance and what the guild chooses
// for players an award passes over. The rules: docs/product-rules.md, "Raid nights"; how they are kept:
// docs/decisions/016-raid-nights.md.

/** active: scheduled or running; completed; archived (hidden from the upcoming list); cancelled: did not happen. */
export const RAID_NIGHT_STATUSES = ['active', 'completed', 'archived', 'cancelled'] as const
export type RaidNightStatus = (typeof RAID_NIGHT_STATUSES)[number]

/** Who is here for the queues: present, late, or not marked yet (a night starts as everyone present). */
export function isHereTonight(status: NightAttendance | null | undefined): boolean {
  return status === undefined || status === null || status === 'present' || status === 'late'
}

export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo'
/** A night without an end time runs this long after its start (then awards are no longer linked to it). */
export const NIGHT_DEFAULT_HOURS = 6
/** The attendance share counts the nights of the last 8 weeks. */
export const ATTENDANCE_WINDOW_DAYS = 56
export const RAID_NIGHT_NAME_MAX = 120
export const RAID_NIGHT_DESCRIPTION_MAX = 2000
/** Past nights per page. */
export const RAID_NIGHTS_PAGE_SIZE = 20

/**
 * A guild's time zone, kept as the time zone database spells it: Intl takes "uTc" and "america/sao_paulo",
 * and the guild's screens, calendar feed and exports then showed them as typed.
 */
export const timeZoneSchema = z
  .string()
  .max(64)
  .refine(isTimeZone, 'invalidTimeZone')
  .transform((zone) => new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone)

/** A calendar date in the guild's time zone, YYYY-MM-DD. */
const localDate = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalidDate')
    .refine((v) => {
      const [y, m, d] = v.split('-').map(Number) as [number, number, number]
      const date = new Date(Date.UTC(y, m - 1, d))
      return y >= 2000 && y <= 9998 && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
    }, 'invalidDate')
/** A wall-clock time in the guild's time zone, HH:MM (24 h). */
const localTime = () => z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'invalidTime')

const RaidNightFieldsSchema = z.object({
  name: nameText(RAID_NIGHT_NAME_MAX),
  description: optionalText(RAID_NIGHT_DESCRIPTION_MAX),
  date: localDate(),
  startTime: localTime(),
  endTime: localTime().nullish(),
})

/**
 * An end typed as the start ("20:00 – 20:00") is refused, on the end's field: nobody means a night of 24
 * hours, and it read "20:00 às 20:00". A patch that gives only one of the two is checked by the server
 * against the night's other time (server/modules/raid-nights/night-times.ts).
 */
const endNotStart = (night: { startTime?: string; endTime?: string | null }) =>
  !night.endTime || night.endTime !== night.startTime
const END_EQUALS_START = { path: ['endTime'], message: 'endEqualsStart' }

/**
 * A night as typed: its date and start time in the guild's time zone, and an optional end time (an end
 * before the start is the next day's: a night past midnight; one equal to the start is refused).
 */
export const RaidNightInputSchema = RaidNightFieldsSchema.refine(endNotStart, END_EQUALS_START).meta({
  id: 'RaidNightInput',
})
export type RaidNightInput = z.input<typeof RaidNightInputSchema>
export const RaidNightPatchSchema = RaidNightFieldsSchema.partial()
  .refine(endNotStart, END_EQUALS_START)
  .meta({ id: 'RaidNightPatch' })

export const AttendanceCountsSchema = z
  .object({
    present: z.number().int(),
    late: z.number().int(),
    bench: z.number().int(),
    excused: z.number().int(),
    noShow: z.number().int(),
  })
  .meta({ id: 'AttendanceCounts' })
export type AttendanceCounts = z.infer<typeof AttendanceCountsSchema>

/** Where an active night stands at the server's clock. */
export const NIGHT_PHASES = ['upcoming', 'running', 'ended'] as const
export type NightPhase = (typeof NIGHT_PHASES)[number]

export const RaidNightSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    status: z.enum(RAID_NIGHT_STATUSES),
    /** Active nights: before its start, between its start and runsUntil, or after. */
    phase: z.enum(NIGHT_PHASES),
    startsAt: z.string(),
    endsAt: z.string().nullable(),
    /** Its end time, or its start plus NIGHT_DEFAULT_HOURS: awards are linked to it until then. */
    runsUntil: z.string(),
    /** As typed, in the guild's time zone. */
    date: z.string(),
    startTime: z.string(),
    endTime: z.string().nullable(),
    attendance: AttendanceCountsSchema,
    /** Loot handed out during the night. */
    awards: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'RaidNight' })
export type RaidNight = z.infer<typeof RaidNightSchema>

export const RAID_NIGHT_LISTS = ['upcoming', 'past'] as const
export const RaidNightListQuerySchema = z.strictObject({
  /** upcoming: active nights not yet ended, soonest first; past: the rest, newest first, paged. */
  when: z.enum(RAID_NIGHT_LISTS).default('upcoming'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
})
export const RaidNightListSchema = z
  .object({
    timeZone: z.string(),
    nights: z.array(RaidNightSchema),
    total: z.number().int(),
  })
  .meta({ id: 'RaidNightList' })
export type RaidNightList = z.infer<typeof RaidNightListSchema>

export const AttendanceRowSchema = z
  .object({
    playerId: z.uuid(),
    playerName: z.string(),
    playerStatus: z.enum(PLAYER_STATUSES),
    /** null: not marked (counts as present for the queues, for nobody's attendance share). */
    status: z.enum(NIGHT_ATTENDANCE).nullable(),
  })
  .meta({ id: 'AttendanceRow' })
export type AttendanceRow = z.infer<typeof AttendanceRowSchema>

export const RaidNightDetailSchema = RaidNightSchema.extend({
  timeZone: z.string(),
  /** One row per active player, and any other player marked on this night; by name. */
  attendanceRows: z.array(AttendanceRowSchema),
  /** Loot handed out during the night, in order. */
  awardRows: z.array(LootHistoryRowSchema),
  /** The night before this one with the same name (prefill's source), if any. */
  previousId: z.uuid().nullable(),
}).meta({ id: 'RaidNightDetail' })
export type RaidNightDetail = z.infer<typeof RaidNightDetailSchema>

export const ATTENDANCE_UPDATE_MAX = 1000
/** Marks (or unmarks, with null) the given players; the others stay as they are. */
export const AttendanceUpdateSchema = z
  .object({
    entries: z
      .array(z.object({ playerId: z.uuid(), status: z.enum(NIGHT_ATTENDANCE).nullable() }))
      .min(1)
      .max(ATTENDANCE_UPDATE_MAX),
  })
  .meta({ id: 'AttendanceUpdate' })
export type AttendanceUpdate = z.infer<typeof AttendanceUpdateSchema>

export const PREFILL_SOURCES = ['previous', 'everyone'] as const
/** Every active player's mark: as on the previous night of the same name, or present. */
export const AttendancePrefillSchema = z
  .object({ from: z.enum(PREFILL_SOURCES) })
  .meta({ id: 'AttendancePrefill' })

/** What a prefill changed; a copy leaves the source's no-shows unmarked and says how many (the toast tells). */
export const AttendancePrefillResultSchema = z
  .object({ changed: z.number().int(), unmarkedNoShows: z.number().int() })
  .meta({ id: 'AttendancePrefillResult' })
export type AttendancePrefillResult = z.infer<typeof AttendancePrefillResultSchema>

export const RAID_NIGHT_ACTIONS = ['complete', 'archive', 'reopen', 'cancel'] as const
export type RaidNightAction = (typeof RAID_NIGHT_ACTIONS)[number]
export const RaidNightActionSchema = z
  .object({ action: z.enum(RAID_NIGHT_ACTIONS) })
  .meta({ id: 'RaidNightAction' })

/** The night running now, if any, and who is marked on it: what the queue panel shows as "tonight". */
export const TonightSchema = z
  .object({
    /** The night running, and the guild's time zone (the dashboard shows a night on the guild's clock). */
    night: z
      .object({
        id: z.uuid(),
        name: z.string(),
        startsAt: z.string(),
        runsUntil: z.string(),
        timeZone: z.string(),
      })
      .nullable(),
    /** Marked players (an unmarked one counts as here). */
    attendance: z.record(z.string(), z.enum(NIGHT_ATTENDANCE)),
    /** When this answer stops being right without a write (the night ends, the next one starts). */
    checkAgainAt: z.string().nullable(),
  })
  .meta({ id: 'Tonight' })
export type Tonight = z.infer<typeof TonightSchema>

/** The guild's raid-night settings (admins change them on the guild page). */
export const RaidNightSettingsSchema = z
  .object({ timeZone: timeZoneSchema, noShowRule: z.enum(NO_SHOW_RULES) })
  .meta({ id: 'RaidNightSettings' })
export type RaidNightSettings = z.infer<typeof RaidNightSettingsSchema>

/**
 * The guild's calendar feed (ICS): an address with a secret token that members subscribe to from Google
 * Calendar or Outlook; null until one is made. Making a new one stops the old address.
 */
export const CalendarFeedSchema = z.object({ url: z.string().nullable() }).meta({ id: 'CalendarFeed' })
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>
