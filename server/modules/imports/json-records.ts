import { z } from 'zod'
import { clearableText, optionalText, requiredText } from '../../../contract/common'
import {
  ATTENDANCE_STATUSES,
  PLAYER_STATUSES,
  RARITIES,
  NIGHT_ATTENDANCE,
  type NightAttendance,
} from '../../../contract/enums'
import {
  IMPORT_LEFT_OUT,
  IMPORT_SECTIONS,
  ImportedItemSchema,
  ImportedRankSchema,
  ImportedSettingsSchema,
  ImportedReceiptSchema,
  type ImportLeftOut,
  type ImportSection,
} from '../../../contract/imports'
import { PlayerInputSchema } from '../../../contract/players'
import { PUBLIC_RULES_MAX } from '../../../contract/queue-limits'
import {
  RAID_NIGHT_DESCRIPTION_MAX,
  RAID_NIGHT_NAME_MAX,
  RAID_NIGHT_STATUSES,
  type RaidNightStatus,
} from '../../../contract/raid-nights'
import {
  checkWith,
  emptyRecords,
  type FileReading,
  type RankRef,
  type Ref,
  type Where,
} from './import-records'
import { parseDate } from './import-values'
import { readNightSettings } from './json-night-settings'

// The guild's JSON export (server/modules/guilds/guild-export.queries.ts, format lootqueue-guild-export/1).
// Its ranks, players (with their rank), items (with their minimum rank), queues, raid nights with their
// attendance, loot history (with each receipt's night), "rank first", the public page's settings, the time
// zone and the no-show rule (json-night-settings.ts) come back, and the public rules when the guild has none;
// members, invitations, the guild's other settings and its logs do not, and the preview lists them
// (leftOutOf below; docs/decisions/012-imports-and-player-page.md, 018-ranks.md). Records point at each other
// by id inside the file.

const FORMAT = /^lootqueue-guild-export\/\d+$/

const member =
  <T extends string>(list: readonly T[]) =>
  (v: unknown): v is T =>
    typeof v === 'string' && (list as readonly string[]).includes(v)
const isRarity = member(RARITIES)
const isPlayerStatus = member(PLAYER_STATUSES)
const isAttendance = member(ATTENDANCE_STATUSES)
const isNightStatus = member(RAID_NIGHT_STATUSES)
const isNightMark = member(NIGHT_ATTENDANCE)
const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 1e6
const isPosition = (v: unknown): v is number =>
  Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 1e6
const PenaltyNote = z.object({
  penaltyNote: optionalText(500),
  /** Officers only (docs/decisions/019-public-visibility.md); ignored without a note, as an action does. */
  penaltyNotePrivate: z.boolean().nullish(),
})
const NightText = z.object({
  name: requiredText(RAID_NIGHT_NAME_MAX),
  description: optionalText(RAID_NIGHT_DESCRIPTION_MAX),
})

/**
 * A night ends after it starts and within a day: the events form types an end time on the start's day or
 * the next (server/modules/raid-nights/night-times.ts), and a longer night would hold "tonight" for days.
 */
const NIGHT_MAX_MS = 24 * 3_600_000
const nightLengthOk = (startsAt: Date, endsAt: Date) =>
  endsAt > startsAt && endsAt.getTime() - startsAt.getTime() <= NIGHT_MAX_MS

type Row = Record<string, unknown>

/** The public rules as the rules' own form takes them (contract/queues.ts PublicRulesInputSchema). */
const RulesSchema = z.object({ publicRules: clearableText(PUBLIC_RULES_MAX) })

/**
 * What the export holds that the import does not take, only what this file holds: a list with rows, a field
 * of the guild with a value, a receipt naming who handed it out (a user id of the exporting database).
 */
function leftOutOf(root: Row, guildRow: Row | null): ImportLeftOut[] {
  const rows = (list: unknown) => Array.isArray(list) && list.length > 0
  const has = (field: string) => guildRow !== null && guildRow[field] != null && guildRow[field] !== ''
  const held: Record<ImportLeftOut, boolean> = {
    auditLog: rows(root.auditLog),
    members: rows(root.members),
    invitations: rows(root.invitations),
    integrations: rows(root.integrations),
    accessLog: rows(root.accessLog),
    guildName: has('name'),
    publicPassword: has('publicAccessPassword'),
    subscription: has('subscriptionStatus'),
    distributors:
      Array.isArray(root.lootHistory) &&
      root.lootHistory.some((h) => h && typeof h === 'object' && (h as Row).distributedBy != null),
  }
  return IMPORT_LEFT_OUT.filter((part) => held[part])
}

export function readJsonFile(file: string, text: string): FileReading {
  const reading: FileReading = {
    ...emptyRecords(),
    kind: null,
    settings: null,
    nightSettings: null,
    rules: null,
    leftOut: [],
    delimiter: null,
    rows: 0,
    ignoredColumns: [],
    warnings: [],
    problems: [],
  }
  const fileWhere: Where = { file, line: null, section: null, index: null }
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    reading.problems.push({ ...fileWhere, code: 'invalidJson', field: null, value: null })
    return reading
  }
  const root = data as Row
  if (!root || typeof root !== 'object' || typeof root.format !== 'string' || !FORMAT.test(root.format)) {
    reading.problems.push({ ...fileWhere, code: 'unknownFormat', field: 'format', value: null })
    return reading
  }
  reading.kind = 'guildExport'
  const key = (id: unknown) => `${file}#${String(id)}`
  const sections = {} as Record<ImportSection, Row[]>
  for (const section of IMPORT_SECTIONS) {
    const list = root[section] ?? []
    if (!Array.isArray(list)) {
      reading.problems.push({ ...fileWhere, section, code: 'invalidRecord', field: section, value: null })
      sections[section] = []
    } else sections[section] = list as Row[]
    reading.rows += sections[section].length
  }

  const each = (section: ImportSection, read: (row: Row, where: Where) => void) => {
    const seen = new Set<string>()
    sections[section].forEach((row, i) => {
      const where: Where = { file, line: null, section, index: i + 1 }
      if (!row || typeof row !== 'object' || Array.isArray(row)) {
        reading.problems.push({ ...where, code: 'invalidRecord', field: null, value: null })
        return
      }
      if ('id' in row) {
        if (typeof row.id !== 'string' || seen.has(row.id)) {
          reading.problems.push({ ...where, code: 'invalidRecord', field: 'id', value: String(row.id) })
          return
        }
        seen.add(row.id)
      }
      read(row, where)
    })
  }
  const problem = (
    where: Where,
    code: FileReading['problems'][number]['code'],
    field: string,
    value: unknown,
  ) => reading.problems.push({ ...where, code, field, value: value == null ? null : String(value) })
  const instant = (where: Where, field: string, value: unknown, required: boolean): Date | null | false => {
    if (value == null && !required) return null
    const date =
      typeof value === 'string' ? parseDate(value, { dayFirst: false, timeZone: 'UTC' }) : undefined
    if (date) return date
    problem(where, 'invalidDate', field, value)
    return false
  }
  const label = (field: string) => field
  /** A rank id of the file, or null; undefined (with a problem) when it is no id at all. */
  const rankRef = (where: Where, field: string, value: unknown): RankRef | null | undefined => {
    if (value == null) return null
    if (typeof value === 'string') return { key: key(value), id: value }
    problem(where, 'unknownRank', field, value)
    return undefined
  }

  // The guild's settings: all of them or none (an export always has them all; an older one has none).
  const guildObject = root.guild
  const guildRow =
    guildObject && typeof guildObject === 'object' && !Array.isArray(guildObject)
      ? (guildObject as Row)
      : null
  if (guildRow && 'rankFirst' in guildRow) {
    const settings = ImportedSettingsSchema.safeParse(guildRow)
    if (settings.success) reading.settings = settings.data
    else
      for (const issue of settings.error.issues) {
        const field = String(issue.path[0] ?? '')
        problem(fileWhere, 'invalidRecord', field, guildRow[field])
      }
  }
  // The time zone and the no-show rule, held to the raid-night settings form's checks.
  reading.nightSettings = readNightSettings(guildRow, fileWhere, reading.problems)
  // The public rules, held to the rules form's checks; the plan decides whether they are taken.
  if (guildRow && guildRow.publicRules != null) {
    const rules = checkWith(
      RulesSchema,
      { publicRules: guildRow.publicRules },
      fileWhere,
      label,
      reading.problems,
    )
    if (rules) reading.rules = rules.publicRules
  }
  reading.leftOut = leftOutOf(root, guildRow)

  each('ranks', (row, where) => {
    const createdAt = instant(where, 'createdAt', row.createdAt, false)
    const values = checkWith(ImportedRankSchema, row, where, label, reading.problems)
    if (!values || createdAt === false || typeof row.id !== 'string') return
    reading.ranks.push({ where, key: key(row.id), name: values.name, level: values.level, createdAt })
  })

  each('players', (row, where) => {
    if (!isPlayerStatus(row.playerStatus)) problem(where, 'unknownStatus', 'playerStatus', row.playerStatus)
    const createdAt = instant(where, 'createdAt', row.createdAt, false)
    // The rank is an id of the file (rankRef below), not of the guild.
    const values = checkWith(
      PlayerInputSchema.omit({ rankId: true }),
      { ...row, playerStatus: 'active' },
      where,
      label,
      reading.problems,
    )
    const rank = rankRef(where, 'rankId', row.rankId)
    if (!values || !isPlayerStatus(row.playerStatus) || createdAt === false || rank === undefined) return
    reading.players.push({
      where,
      key: key(row.id),
      ...values,
      playerStatus: row.playerStatus,
      createdAt,
      rank,
    })
  })

  each('items', (row, where) => {
    const rarityOk = row.rarity == null || isRarity(row.rarity)
    if (!rarityOk) problem(where, 'unknownRarity', 'rarity', row.rarity)
    const visible = row.isPublicVisible ?? true
    if (typeof visible !== 'boolean') problem(where, 'invalidVisibility', 'isPublicVisible', visible)
    const createdAt = instant(where, 'createdAt', row.createdAt, false)
    const input = {
      ...row,
      rarity: rarityOk ? (row.rarity ?? null) : null,
      isPublicVisible: visible === true,
    }
    const values = checkWith(ImportedItemSchema, input, where, label, reading.problems)
    const minRank = rankRef(where, 'minRankId', row.minRankId)
    if (!values || !rarityOk || typeof visible !== 'boolean' || createdAt === false || minRank === undefined)
      return
    reading.items.push({
      where,
      key: key(row.id),
      ...values,
      rarity: values.rarity ?? null,
      createdAt,
      minRank,
    })
  })

  each('queues', (row, where) => {
    let ok = true
    const check = (valid: boolean, code: Parameters<typeof problem>[1], field: string) => {
      if (!valid) problem(where, code, field, row[field])
      ok &&= valid
    }
    check(typeof row.itemId === 'string', 'unknownItem', 'itemId')
    check(typeof row.playerId === 'string', 'unknownPlayer', 'playerId')
    check(isPosition(row.queuePosition), 'invalidPosition', 'queuePosition')
    check(isAttendance(row.attendanceStatus), 'unknownStatus', 'attendanceStatus')
    check(isCount(row.timesReceived ?? 0), 'invalidRecord', 'timesReceived')
    check(isCount(row.timesAbsent ?? 0), 'invalidRecord', 'timesAbsent')
    const penaltyUntil = instant(where, 'penaltyUntil', row.penaltyUntil, false)
    const createdAt = instant(where, 'createdAt', row.createdAt, false)
    const note = checkWith(PenaltyNote, row, where, label, reading.problems)
    if (!ok || !note || penaltyUntil === false || createdAt === false) return
    reading.queues.push({
      where,
      field: 'itemId',
      item: { key: key(row.itemId), name: String(row.itemId) },
      player: { key: key(row.playerId), name: String(row.playerId) },
      position: row.queuePosition as number,
      attendanceStatus: row.attendanceStatus as (typeof ATTENDANCE_STATUSES)[number],
      timesReceived: (row.timesReceived ?? 0) as number,
      timesAbsent: (row.timesAbsent ?? 0) as number,
      penaltyUntil,
      penaltyNote: note.penaltyNote,
      penaltyNotePrivate: note.penaltyNotePrivate === true && note.penaltyNote !== null,
      createdAt,
    })
  })

  each('raidNights', (row, where) => {
    const status = row.status ?? 'active'
    if (!isNightStatus(status)) problem(where, 'unknownStatus', 'status', status)
    const startsAt = instant(where, 'startsAt', row.startsAt, true)
    const endsAt = instant(where, 'endsAt', row.endsAt, false)
    const createdAt = instant(where, 'createdAt', row.createdAt, false)
    const text = checkWith(NightText, row, where, label, reading.problems)
    const timesOk = !startsAt || !endsAt || nightLengthOk(startsAt, endsAt)
    if (!timesOk) problem(where, 'invalidTimes', 'endsAt', row.endsAt)
    if (!text || !isNightStatus(status) || !startsAt || endsAt === false || createdAt === false) return
    if (!timesOk) return
    reading.nights.push({
      where,
      key: key(row.id),
      name: text.name,
      description: text.description,
      startsAt,
      endsAt,
      status: status as RaidNightStatus,
      createdAt,
    })
  })

  each('raidNightAttendance', (row, where) => {
    let ok = true
    const check = (valid: boolean, code: Parameters<typeof problem>[1], field: string) => {
      if (!valid) problem(where, code, field, row[field])
      ok &&= valid
    }
    check(typeof row.raidNightId === 'string', 'unknownRaidNight', 'raidNightId')
    check(typeof row.playerId === 'string', 'unknownPlayer', 'playerId')
    check(isNightMark(row.status), 'unknownStatus', 'status')
    if (!ok) return
    reading.marks.push({
      where,
      night: { key: key(row.raidNightId), id: String(row.raidNightId) },
      player: { key: key(row.playerId), name: String(row.playerId) },
      status: row.status as NightAttendance,
    })
  })

  each('lootHistory', (row, where) => {
    const rarityOk = row.itemRarity == null || isRarity(row.itemRarity)
    if (!rarityOk) problem(where, 'unknownRarity', 'itemRarity', row.itemRarity)
    const positionOk = row.previousQueuePosition == null || isPosition(row.previousQueuePosition)
    if (!positionOk) problem(where, 'invalidPosition', 'previousQueuePosition', row.previousQueuePosition)
    const distributedAt = instant(where, 'distributedAt', row.distributedAt, true)
    const refOk = (v: unknown) => v == null || typeof v === 'string'
    if (!refOk(row.itemId)) problem(where, 'unknownItem', 'itemId', row.itemId)
    if (!refOk(row.playerId)) problem(where, 'unknownPlayer', 'playerId', row.playerId)
    if (!refOk(row.eventId)) problem(where, 'unknownRaidNight', 'eventId', row.eventId)
    const values = checkWith(ImportedReceiptSchema, row, where, label, reading.problems)
    const refsOk = refOk(row.itemId) && refOk(row.playerId) && refOk(row.eventId)
    if (!values || !rarityOk || !positionOk || !distributedAt || !refsOk) return
    const ref = (id: unknown, name: string): Ref | null => (id == null ? null : { key: key(id), name })
    reading.history.push({
      where,
      item: ref(row.itemId, values.itemName),
      player: ref(row.playerId, values.playerName),
      itemName: values.itemName,
      playerName: values.playerName,
      itemRarity: (row.itemRarity ?? null) as FileReading['history'][number]['itemRarity'],
      itemType: values.itemType,
      notes: values.notes,
      notesPrivate: values.notesPrivate === true && values.notes !== null,
      previousQueuePosition: (row.previousQueuePosition ?? null) as number | null,
      distributedAt,
      // A user id of the exporting guild's database: it names nobody here.
      distributedByName: null,
      night: row.eventId == null ? null : { key: key(row.eventId), id: String(row.eventId) },
    })
  })
  return reading
}
