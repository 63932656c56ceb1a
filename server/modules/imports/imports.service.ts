import type { z } from 'zod'
import type { Language } from '../../../contract/enums'
import {
  IMPORT_LEFT_OUT,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportPreview,
  type ImportRequestSchema,
  type ImportResult,
} from '../../../contract/imports'
import type { Deps } from '../../deps'
import type { DbOrTx } from '../../db/client'
import { lockGuildRow } from '../../db/guild-scope'
import { AppError } from '../../lib/app-error'
import { insertAuditRow } from '../../platform/audit/audit.queries'
import type { GuildEvent } from '../../platform/realtime'
import { writePublicRules } from '../queues/public-rules.queries'
import { rulesExcerpt } from '../queues/public-rules.service'
import { appendImportedEntries, lockImportedItems } from '../queues/queue-import.service'
import { withRetry } from '../queues/queues.service'
import { readFile } from './import-files'
import { type Existing, type ImportPlan, planImport } from './import-plan'
import { historyKey } from './import-plan-history'
import { activeSpan } from './import-plan-night-overlap'
import { markKey } from './import-plan-nights'
import { activeNightsMeeting, guildNightSettings } from '../raid-nights/raid-nights.queries'
import { writeNightSettings } from '../raid-nights/night-settings.service'
import { describeProblems, describeWarnings } from './import-problems'
import type { FileReading } from './import-records'
import * as q from './imports.queries'
import { analyzeAfterBulkWrite } from '../../db/analyze-after-bulk-write'

// An import: read every file, plan it against the guild's data, and either show the plan (preview) or
// write it in one transaction (docs/decisions/012-imports-and-player-page.md).

type Request = z.output<typeof ImportRequestSchema>
export type ImportActor = { guildId: string; userId: string }

/** The files read, within the limits: too large or too many rows is refused before anything else. */
function readAll(request: Request, language: Language): FileReading[] {
  const bytes = request.files.reduce((sum, f) => sum + Buffer.byteLength(f.content, 'utf8'), 0)
  if (bytes > IMPORT_MAX_BYTES) throw new AppError('IMPORT_FILE_TOO_LARGE')
  const timeZone = request.timeZone ?? 'UTC'
  const readings = request.files.map((file) => readFile(file.name, file.content, { timeZone, language }))
  if (readings.reduce((sum, r) => sum + r.rows, 0) > IMPORT_MAX_ROWS)
    throw new AppError('IMPORT_TOO_MANY_ROWS')
  return readings
}

/**
 * The whole seconds around a set of instants (null for none): a stored row keeps milliseconds the files may
 * not have.
 */
function secondsAround(instants: Date[]): { from: Date; to: Date } | null {
  let first = Number.POSITIVE_INFINITY
  let last = Number.NEGATIVE_INFINITY
  for (const at of instants) {
    first = Math.min(first, at.getTime())
    last = Math.max(last, at.getTime())
  }
  if (first > last) return null
  return {
    from: new Date(Math.floor(first / 1000) * 1000),
    to: new Date(Math.floor(last / 1000) * 1000 + 999),
  }
}

/** The starts the import's raid nights cover: the guild's nights and marks in them are what it compares with. */
const nightStarts = (readings: FileReading[]) =>
  secondsAround(readings.flatMap((r) => r.nights.map((n) => n.startsAt)))

async function existingMarks(db: DbOrTx, guildId: string, readings: FileReading[]) {
  const range = nightStarts(readings)
  if (!range) return new Set<string>()
  const rows = await q.marksBetween(db, guildId, range.from, range.to)
  return new Set(rows.map((m) => markKey(m.raidNightId, m.playerId)))
}

/**
 * What the guild holds that the plan compares with (the history and raid nights only in the dates the files
 * cover; its active nights in the time the files' active nights take). Read under the guild's row lock when
 * writing: every write that makes a night active at new times takes it first (raid-nights.service.ts), so no
 * night can meet an imported one meanwhile.
 */
async function readExisting(db: DbOrTx, guildId: string, readings: FileReading[]): Promise<Existing> {
  const players = await q.existingPlayers(db, guildId)
  const items = await q.existingItems(db, guildId)
  const queues = new Map<string, string[]>()
  for (const row of await q.existingQueueMembers(db, guildId)) {
    const list = queues.get(row.itemId)
    if (list) list.push(row.playerId)
    else queues.set(row.itemId, [row.playerId])
  }
  const history = new Map<string, number>()
  const receipts = secondsAround(readings.flatMap((r) => r.history.map((h) => h.distributedAt)))
  if (receipts)
    for (const row of await q.receiptsBetween(db, guildId, receipts.from, receipts.to)) {
      const key = historyKey(row.itemName, row.playerName, row.distributedAt)
      history.set(key, (history.get(key) ?? 0) + 1)
    }
  const starts = nightStarts(readings)
  const nights = starts ? await q.nightsBetween(db, guildId, starts.from, starts.to) : []
  const marks = await existingMarks(db, guildId, readings)
  const members = await q.memberNames(db, guildId)
  const ranks = await q.existingRanks(db, guildId)
  const settings = await q.existingSettings(db, guildId)
  const rules = await q.existingRules(db, guildId)
  const active = activeSpan(readings.flatMap((r) => r.nights))
  const activeNights = active ? await activeNightsMeeting(db, guildId, active) : []
  const { timeZone, noShowRule } = await guildNightSettings(db, guildId)
  return {
    ranks,
    settings,
    rules,
    players,
    items,
    queues,
    history,
    members,
    nights,
    marks,
    activeNights,
    timeZone,
    noShowRule,
  }
}

function previewOf(request: Request, readings: FileReading[], plan: ImportPlan, language: Language) {
  return {
    files: readings.map((r, i) => ({
      name: request.files[i]!.name,
      kind: r.kind,
      delimiter: r.delimiter,
      rows: r.rows,
      ignoredColumns: r.ignoredColumns,
    })),
    counts: plan.counts,
    sample: plan.sample,
    ...describeProblems(
      plan.problems,
      request.files.map((f) => f.name),
      language,
    ),
    warnings: describeWarnings(
      plan.warnings,
      request.files.map((f) => f.name),
      language,
    ),
    unknownDistributors: plan.unknownDistributors,
    setsSettings: plan.settings !== null,
    setsNightSettings: plan.nightSettings?.values ?? null,
    publicRules: plan.rulesOutcome,
    leftOut: IMPORT_LEFT_OUT.filter((part) => readings.some((r) => r.leftOut.includes(part))),
  } satisfies ImportPreview
}

export async function previewImport(
  deps: Deps,
  guildId: string,
  request: Request,
  language: Language,
): Promise<ImportPreview> {
  const readings = readAll(request, language)
  const plan = planImport(readings, await readExisting(deps.database.db, guildId, readings))
  return previewOf(request, readings, plan, language)
}

/** Read again under the items' locks: did a queue action add one of the planned entries meanwhile? */
async function queuesGainedPlayers(tx: DbOrTx, guildId: string, plan: ImportPlan): Promise<boolean> {
  if (plan.queues.length === 0) return false
  const now = new Set((await q.existingQueueMembers(tx, guildId)).map((m) => `${m.itemId}|${m.playerId}`))
  return plan.queues.some((queue) => queue.entries.some((e) => now.has(`${queue.itemId}|${e.playerId}`)))
}

/** Read again under the nights' locks: did an attendance write mark one of the planned pairs meanwhile? */
async function nightsGainedMarks(tx: DbOrTx, guildId: string, plan: ImportPlan, readings: FileReading[]) {
  if (plan.existingNightIds.length === 0 || plan.marks.length === 0) return false
  const now = await existingMarks(tx, guildId, readings)
  return plan.marks.some((m) => now.has(markKey(m.raidNightId, m.playerId)))
}

const created = (plan: ImportPlan) =>
  plan.settings !== null ||
  plan.nightSettings !== null ||
  plan.rules !== null ||
  [plan.ranks, plan.players, plan.items, plan.queues, plan.history, plan.nights, plan.marks].some(
    (rows) => rows.length > 0,
  )

/** "a.csv, b.json · players 3 · history 40": names as given, counts as codes the log puts into words. */
function auditDescription(request: Request, plan: ImportPlan): string {
  const counts = Object.entries(plan.counts)
    .filter(([, c]) => c.create > 0)
    .map(([kind, c]) => `${kind} ${c.create}`)
  const settings = plan.settings ? ['settings'] : []
  return [request.files.map((f) => f.name).join(', '), ...counts, ...settings].join(' · ')
}

/**
 * Writes the import in one transaction, or nothing: a file with any problem is refused whole. The guild is
 * locked first (one import at a time). The items, players and raid nights the new rows point at are locked
 * next, in the order queue and attendance writes use; a queue that gained one of the imported players, or a
 * night one of the imported marks, meanwhile is a conflict (409, nothing written), never a second row.
 */
export async function runImport(
  deps: Deps,
  actor: ImportActor,
  request: Request,
  language: Language,
): Promise<ImportResult> {
  const readings = readAll(request, language)
  const { guildId } = actor
  const plan = await withRetry(() =>
    deps.database.db.transaction(async (tx) => {
      // Two imports of one guild run one after the other: both would otherwise find a name missing and
      // create it twice.
      await lockGuildRow(tx, guildId)
      const plan = planImport(readings, await readExisting(tx, guildId, readings))
      if (plan.problems.length > 0)
        throw new AppError('IMPORT_HAS_PROBLEMS', { vars: { count: plan.problems.length } })
      if (!created(plan)) return plan
      const items = await lockImportedItems(tx, guildId, plan.existingItemIds)
      const players = await q.keySharePlayers(tx, guildId, plan.existingPlayerIds)
      const nights = await q.keyShareNights(tx, guildId, plan.existingNightIds)
      if (
        items !== plan.existingItemIds.length ||
        players !== plan.existingPlayerIds.length ||
        nights !== plan.existingNightIds.length
      )
        throw new AppError('CONFLICT')
      if (await queuesGainedPlayers(tx, guildId, plan)) throw new AppError('CONFLICT')
      if (await nightsGainedMarks(tx, guildId, plan, readings)) throw new AppError('CONFLICT')
      const now = deps.now()
      // Ranks first: new players and items point at them. The guild's lock (above) is the one every rank
      // write takes first, so the levels planned stay 0..n-1.
      await q.insertRanks(tx, guildId, plan.ranks, now)
      if (plan.settings) await q.updateSettings(tx, guildId, plan.settings, now)
      // The time zone and no-show rule, logged as the raid-night settings form logs them.
      if (plan.nightSettings)
        await writeNightSettings(tx, actor, plan.nightSettings.values, plan.nightSettings.fields, now)
      // The guild had no rules (read under its lock, above): the export's become them, logged as the rules
      // form logs them.
      if (plan.rules !== null) {
        await writePublicRules(tx, guildId, plan.rules, now)
        await insertAuditRow(tx, {
          guildId,
          userId: actor.userId,
          actionType: 'RULES_UPDATED',
          tableName: 'guilds',
          recordId: guildId,
          description: rulesExcerpt(plan.rules),
          at: now,
        })
      }
      await q.insertItems(tx, guildId, plan.items, now)
      await q.insertPlayers(tx, guildId, plan.players, now)
      await q.insertNights(tx, guildId, plan.nights, now)
      await appendImportedEntries(tx, guildId, plan.queues, now)
      await q.insertReceipts(tx, guildId, plan.history)
      await q.insertMarks(tx, guildId, plan.marks, now)
      await insertAuditRow(tx, {
        guildId,
        userId: actor.userId,
        actionType: 'IMPORT_COMPLETED',
        tableName: 'guilds',
        recordId: guildId,
        description: auditDescription(request, plan),
        at: now,
      })
      return plan
    }),
  )
  if (created(plan)) {
    // A large import into a young database: statistics before the next requests (analyze-after-bulk-write.ts).
    await analyzeAfterBulkWrite(deps.database, deps.logger, {
      players: plan.players.length,
      player_queues: plan.queues.reduce((sum, queue) => sum + queue.entries.length, 0),
      loot_history: plan.history.length,
      raid_night_attendance: plan.marks.length,
    })
    const topics: GuildEvent['topic'][] = []
    if (plan.items.length > 0) topics.push('items')
    // Ranks and "rank first" are published as players changes (docs/decisions/018-ranks.md).
    if (plan.players.length + plan.ranks.length > 0 || plan.settings) topics.push('players')
    // The public page's settings and rules are the guild's row.
    if (plan.settings || plan.rules !== null) topics.push('guild')
    if (plan.queues.length > 0) topics.push('queues')
    // Also drops the cached "tonight" of every queue panel: an imported night may be running now. The time
    // zone and no-show rule are published as the settings form publishes them.
    if (plan.nights.length + plan.marks.length > 0 || plan.nightSettings) topics.push('raid-nights')
    // The audit row is in the activity log, so the history screens refresh in every case.
    topics.push('history')
    for (const topic of topics) await deps.realtime.publish({ guildId, topic })
  }
  return { counts: plan.counts }
}
