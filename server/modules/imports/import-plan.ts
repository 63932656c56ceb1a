import type { Rarity } from '../../../contract/enums'
import {
  IMPORT_SAMPLE_ROWS,
  type ImportCounts,
  type ImportedSettings,
  type ImportPreview,
} from '../../../contract/imports'
import type { RaidNightSettings } from '../../../contract/raid-nights'
import { changedNightSettings } from '../raid-nights/night-settings.service'
import { planHistory } from './import-plan-history'
import { type Known, nameTable } from './import-plan-names'
import type { TimedNight } from './import-plan-night-overlap'
import { type NewMark, type NewNight, planNights } from './import-plan-nights'
import { planQueues } from './import-plan-queues'
import { findRepeatedPlayers } from './import-plan-repeats'
import { type NewRank, planRanks } from './import-plan-ranks'
import type { ImportedEntry } from '../queues/queue-import.service'
import type {
  FileReading,
  FileRecords,
  ItemRecord,
  PlayerRecord,
  RankName,
  RankRef,
  RawProblem,
  RawWarning,
  Ref,
} from './import-records'

// Puts the records of every file of one import together with what the guild already holds, and decides
// row by row (docs/decisions/012-imports-and-player-page.md):
// - a player or an item whose name (case and accents aside) is already in the guild is that one: nothing
//   is created and nothing about it changes; the same name twice in the import is a problem, unless the
//   second record says just what the first does: then it is imported once, with a warning
//   (import-plan-repeats.ts);
// - a queue entry of a player already in that queue is kept where it is; new entries go after the queue's
//   existing ones, in the order of their positions in the file;
// - a receipt already in the history (same item, player and second) is not added again;
// - a raid night with the same name and start as one of the guild's is that night; a player already marked
//   on it keeps the mark (import-plan-nights.ts); a new active night may not meet another active night, of
//   the import or of the guild (import-plan-night-overlap.ts);
// - a history or queue row naming an item or player found neither in the guild nor in the import is a problem;
//   so is a mark or a receipt naming a raid night its file does not hold;
// - the export's public rules become the guild's only when it has none: what the guild wrote is never replaced.

export type Existing = {
  ranks: { id: string; name: string }[]
  /** The guild's "rank first" and public page settings, as the export names them. */
  settings: ImportedSettings
  /** The guild's public rules (null: none). */
  rules: string | null
  players: { id: string; name: string }[]
  items: { id: string; name: string; rarity: string | null; itemType: string | null }[]
  /** Player ids in each item's queue. */
  queues: Map<string, string[]>
  /** How many receipts of each historyKey() are already stored in the dates the import covers. */
  history: Map<string, number>
  members: { userId: string; displayName: string }[]
  /** The guild's raid nights in the seconds the import's nights start in. */
  nights: { id: string; name: string; startsAt: Date }[]
  /** markKey() of the marks on those nights. */
  marks: Set<string>
  /** The guild's active nights whose time meets the time of the import's active nights. */
  activeNights: TimedNight[]
  /** The guild's time zone (a problem names a night on the guild's clock) and no-show rule. */
  timeZone: string
  noShowRule: string
}

export type NewPlayer = { id: string; rankId: string | null } & Omit<PlayerRecord, 'where' | 'key' | 'rank'>
export type NewItem = { id: string; minRankId: string | null } & Omit<ItemRecord, 'where' | 'key' | 'minRank'>
export type NewEntry = ImportedEntry
export type NewReceipt = {
  itemId: string | null
  playerId: string | null
  itemName: string
  itemRarity: Rarity | null
  itemType: string | null
  playerName: string
  distributedBy: string | null
  notes: string | null
  notesPrivate: boolean
  previousQueuePosition: number | null
  distributedAt: Date
  /** The raid night it was awarded in. */
  eventId: string | null
}

export type ImportPlan = {
  problems: RawProblem[]
  /** What the preview tells without stopping the import: a player repeated as is, cells beyond the header. */
  warnings: RawWarning[]
  counts: ImportCounts
  sample: ImportPreview['sample']
  unknownDistributors: string[]
  ranks: NewRank[]
  /** The export's settings when they differ from the guild's (the last file's, if several carry them). */
  settings: ImportedSettings | null
  /**
   * The guild's time zone and no-show rule with the export's put over them, when that changes either (the
   * fields it changes: the audit row names them, as the settings form's does).
   */
  nightSettings: { values: RaidNightSettings; fields: (keyof RaidNightSettings)[] } | null
  /** The export's public rules, to write: only when the guild has none (the last file's, if several). */
  rules: string | null
  /** What the preview says of the rules (ImportPreview.publicRules). */
  rulesOutcome: ImportPreview['publicRules']
  players: NewPlayer[]
  items: NewItem[]
  /** New entries per item, in queue order, to go after the item's current entries. */
  queues: { itemId: string; entries: NewEntry[] }[]
  history: NewReceipt[]
  nights: NewNight[]
  marks: NewMark[]
  /** Rows of the guild the new rows point at: locked before writing, so none can vanish meanwhile. */
  existingItemIds: string[]
  existingPlayerIds: string[]
  existingNightIds: string[]
}

/** What the queue, night and history planners share: the problems so far, the counts, and name resolution. */
export type PlanContext = {
  problems: RawProblem[]
  counts: ImportCounts
  existing: Existing
  findItem: (ref: Ref) => Known | undefined
  findPlayer: (ref: Ref) => Known | undefined
  /** Players named twice in the files (a `duplicatePlayer` problem already says so). */
  duplicatedPlayers: ReadonlySet<string>
  /** The id of a found row; an existing one is remembered, to be locked before the writes. */
  use: (found: Known, kind: 'item' | 'player') => string
  items: Map<string, { name: string; rarity: string | null; itemType: string | null }>
  playerNames: Map<string, string>
}

/** The last settings the files carry, when they differ from the guild's. */
function changedSettings(readings: FileReading[], current: ImportedSettings): ImportedSettings | null {
  const settings = readings.findLast((r) => r.settings !== null)?.settings ?? null
  if (!settings) return null
  const same = (Object.keys(current) as (keyof ImportedSettings)[]).every((k) => settings[k] === current[k])
  return same ? null : settings
}

/** The files' time zone and no-show rule (each the last file's holding it), when they change the guild's. */
function plannedNightSettings(readings: FileReading[], existing: Existing): ImportPlan['nightSettings'] {
  const current = { timeZone: existing.timeZone, noShowRule: existing.noShowRule }
  const values = Object.assign(
    { ...current },
    ...readings.map((r) => r.nightSettings ?? {}),
  ) as RaidNightSettings
  const fields = changedNightSettings(current, values)
  return fields.length > 0 ? { values, fields } : null
}

/** The last rules the files carry: taken when the guild has none, else the guild's stay (never overwritten). */
function plannedRules(readings: FileReading[], current: string | null) {
  const rules = readings.findLast((r) => r.rules !== null)?.rules ?? null
  if (rules === null || rules === current) return { rules: null, rulesOutcome: null }
  return current === null
    ? { rules, rulesOutcome: 'imported' as const }
    : { rules: null, rulesOutcome: 'kept' as const }
}

export function planImport(readings: FileReading[], existing: Existing): ImportPlan {
  const all = <K extends keyof FileRecords>(kind: K) =>
    readings.flatMap((r) => r[kind] as unknown[]) as FileRecords[K]
  const problems = readings.flatMap((r) => r.problems)
  const counts: ImportCounts = {
    ranks: { create: 0, existing: 0 },
    players: { create: 0, existing: 0 },
    items: { create: 0, existing: 0 },
    queueEntries: { create: 0, existing: 0 },
    history: { create: 0, existing: 0 },
    raidNights: { create: 0, existing: 0 },
    attendance: { create: 0, existing: 0 },
  }
  const ranks = planRanks(all('ranks'), existing.ranks, problems, counts.ranks)
  /**
   * A rank a record points at: its id here, null for none. A rank its JSON file does not hold is a problem;
   * so is a CSV cell naming a rank neither the guild nor the import has.
   */
  const rankOf = (
    record: PlayerRecord | ItemRecord,
    ref: RankRef | RankName | null | undefined,
    field: string,
  ) => {
    if (!ref) return null
    const id = ranks.find(ref)
    if (!id)
      problems.push(
        'key' in ref
          ? { ...record.where, code: 'unknownRank', field, value: ref.id }
          : { ...record.where, code: 'unknownRankName', field: ref.column, value: ref.name },
      )
    return id ?? null
  }
  for (const record of all('players')) rankOf(record, record.rank, 'rankId')
  for (const record of all('items')) rankOf(record, record.minRank, 'minRankId')
  const itemTable = nameTable(all('items'), existing.items, 'duplicateItem', problems, counts.items)
  const repeated = findRepeatedPlayers(all('players'), all('queues'))
  const playerTable = nameTable(
    all('players'),
    existing.players,
    'duplicatePlayer',
    problems,
    counts.players,
    repeated.repeats,
  )
  const items: NewItem[] = itemTable.created.map(({ id, record }) => ({
    id,
    name: record.name,
    description: record.description,
    rarity: record.rarity,
    itemType: record.itemType,
    isPublicVisible: record.isPublicVisible,
    createdAt: record.createdAt,
    minRankId: record.minRank ? (ranks.find(record.minRank) ?? null) : null,
  }))
  const players: NewPlayer[] = playerTable.created.map(({ id, record }) => ({
    id,
    name: record.name,
    notes: record.notes,
    playerStatus: record.playerStatus,
    createdAt: record.createdAt,
    rankId: record.rank ? (ranks.find(record.rank) ?? null) : null,
  }))
  const locked = { item: new Set<string>(), player: new Set<string>() }
  const ctx: PlanContext = {
    problems,
    counts,
    existing,
    findItem: itemTable.find,
    findPlayer: playerTable.find,
    duplicatedPlayers: playerTable.duplicated,
    use: (found, kind) => {
      if (!found.isNew) locked[kind].add(found.id)
      return found.id
    },
    items: new Map([...existing.items, ...items].map((i) => [i.id, i])),
    playerNames: new Map([...existing.players, ...players].map((p) => [p.id, p.name])),
  }
  const queues = planQueues(
    all('queues').filter((entry) => !repeated.repeatedEntries.has(entry)),
    ctx,
  )
  const nights = planNights(all('nights'), all('marks'), ctx)
  const history = planHistory(all('history'), ctx, nights.lookup)
  const first = <T>(rows: T[]) => rows.slice(0, IMPORT_SAMPLE_ROWS)
  const rankNames = new Map([...existing.ranks, ...ranks.ranks].map((rank) => [rank.id, rank.name]))
  return {
    problems,
    warnings: [...readings.flatMap((r) => r.warnings), ...repeated.warnings],
    counts,
    sample: {
      players: first(players).map(({ name, notes, playerStatus, rankId }) => ({
        name,
        notes,
        playerStatus,
        rankName: rankId ? (rankNames.get(rankId) ?? null) : null,
      })),
      items: first(items).map(({ name, rarity, itemType, isPublicVisible }) => ({
        name,
        rarity,
        itemType,
        isPublicVisible,
      })),
      queueEntries: queues.sample,
      history: first(history.receipts).map((h) => ({
        itemName: h.itemName,
        playerName: h.playerName,
        distributedAt: h.distributedAt.toISOString(),
      })),
    },
    unknownDistributors: history.unknownDistributors,
    ranks: ranks.ranks,
    settings: changedSettings(readings, existing.settings),
    nightSettings: plannedNightSettings(readings, existing),
    ...plannedRules(readings, existing.rules),
    players,
    items,
    queues: queues.queues,
    history: history.receipts,
    nights: nights.nights,
    marks: nights.marks,
    existingItemIds: [...locked.item],
    existingPlayerIds: [...locked.player],
    existingNightIds: nights.lockedNightIds(),
  }
}
