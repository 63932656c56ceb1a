import {
  AUDIT_ACTIONS,
  BILLING_INTERVALS,
  PLAYER_STATUSES,
  SUBSCRIPTION_STATUSES,
  INTEGRATION_KINDS,
  PUBLIC_QUEUE_MODES,
  NIGHT_ATTENDANCE,
  NO_SHOW_RULES,
  ROLES,
} from './enums'
import { zonedInstant } from './zoned-time'

// Audit descriptions are stored language-neutral: names and numbers as typed, plus a few codes the
// services write (changed fields, statuses, an undone action). This turns the codes into words when the
// log is shown, on screen and in the CSV, so no code, field or enum name reaches a person
// (docs/vocabulary.md). Texts: the history namespace, under `activity.facts`.

/** Translates a key under the history namespace (i18next's `t`, or the server's catalog lookup). */
export type Translate = (
  key: string,
  options?: { count?: number } & Record<string, string | number>,
) => string

const SEPARATOR = ' · '
const ARROW = ' → '

/** Field codes that item, player and guild edits list after the name (their services' describeChanges). */
export const DESCRIBED_FIELDS = [
  'name',
  'description',
  'rarity',
  'itemType',
  'isPublicVisible',
  'notes',
  'playerStatus',
  'publicAccessPassword',
  // Discord / webhook settings (INTEGRATION_UPDATE)
  'url',
  'secret',
  'events',
  'language',
  // Raid nights (EVENT_UPDATE), as typed on the guild's clock
  'date',
  'startTime',
  'endTime',
  // A player's rank (PLAYER_UPDATE), an item's minimum rank (ITEM_UPDATE)
  'rank',
  'minRank',
] as const
const FIELDS = new Set<string>(DESCRIBED_FIELDS)
const ACTIONS = new Set<string>(AUDIT_ACTIONS)
const member = (list: readonly string[]) => (value: string) => list.includes(value)
const isPlayerStatus = member(PLAYER_STATUSES)
const isSubscriptionStatus = member(SUBSCRIPTION_STATUSES)
const isInterval = member(BILLING_INTERVALS)
const isIntegrationKind = member(INTEGRATION_KINDS)
const isNightAttendance = member(NIGHT_ATTENDANCE)
const isNoShowRule = member(NO_SHOW_RULES)
const isRole = member(ROLES)

/** "description, rarity" → "alterado: descrição, raridade", when every code is a known field. */
function fieldList(segment: string, t: Translate): string | null {
  const codes = segment.split(', ')
  if (!codes.every((code) => FIELDS.has(code))) return null
  const fields = codes.map((code) => t(`activity.facts.fields.${code}`)).join(', ')
  return t('activity.facts.changed', { fields })
}

/** "active → inactive" with both ends known to `isStatus` → the two statuses in words. */
function transition(segment: string, isStatus: (v: string) => boolean, group: string, t: Translate) {
  const ends = segment.split(ARROW)
  if (ends.length !== 2 || !ends.every(isStatus)) return null
  return ends.map((status) => t(`activity.facts.${group}.${status}`)).join(ARROW)
}

/**
 * Words for the trailing segments a service wrote as codes; the leading ones (names, notes) stay as typed.
 * Reads from the end, so a name that itself holds " · " is left whole.
 */
function translateTail(segments: string[], translate: (segment: string) => string | null): string[] {
  const out = [...segments]
  for (let i = out.length - 1; i >= 1; i--) {
    const words = translate(out[i]!)
    if (words === null) break
    out[i] = words
  }
  return out
}

/** The older GUILD_UPDATE form "name: A → B; publicAccessPassword", as the current one. */
function legacyGuildUpdate(description: string): string {
  const legacy = description.startsWith('name: ') && !description.includes(SEPARATOR)
  if (!legacy) return description
  const parts = description.split('; ')
  const renamed = parts.find((p) => p.startsWith('name: '))?.slice('name: '.length)
  const fields = parts.filter((p) => !p.startsWith('name: '))
  return [renamed ?? '', fields.join(', ')].filter(Boolean).join(SEPARATOR)
}

/**
 * "discord · url, events" / "webhook" / "discord · 404" / "discord · undecryptable": the integration's kind
 * first, then the changed fields or why sending stopped.
 */
function integrationFacts(description: string, t: Translate): string {
  const [kind, detail, ...rest] = description.split(SEPARATOR)
  if (!kind || !isIntegrationKind(kind) || rest.length > 0) return description
  const name = t(`activity.facts.integration.${kind}`)
  if (detail === undefined) return name
  if (/^\d{3}$/.test(detail))
    return `${name}${SEPARATOR}${t('activity.facts.integrationRefused', { status: detail })}`
  if (detail === 'undecryptable') return `${name}${SEPARATOR}${t('activity.facts.integrationUndecryptable')}`
  const fields = fieldList(detail, t)
  return fields === null ? description : `${name}${SEPARATOR}${fields}`
}

/** "item · player · 7d · reason": the days are the first "<n>d" segment after the names. */
function penaltyDaysAt(segments: string[]): number {
  return segments.findIndex((s, i) => i >= 2 && /^\d+d$/.test(s))
}

/** The days and the reason of a PLAYER_PENALIZED description (the reason may itself hold " · "). */
export function penaltyFacts(description: string): { days: number; note: string } | null {
  const segments = description.split(SEPARATOR)
  const at = penaltyDaysAt(segments)
  if (at < 0) return null
  return { days: Number.parseInt(segments[at]!, 10), note: segments.slice(at + 1).join(SEPARATOR) }
}

/**
 * When a night starts, as its audit rows name it (server/modules/raid-nights): on the guild's clock, with its
 * zone since 2026-12-06 ("2026-12-10 20:00 Europe/Berlin"); older rows name no zone ("2026-12-10 20:00").
 */
const NIGHT_START = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}:\d{2})(?: ([A-Za-z][A-Za-z0-9_+\-/]*))?$/

/**
 * The name of `zone` to say after a night's time read on it, starting at `at`, or null when the reader's
 * clock reads the same (the screens: web/lib/format.ts otherZoneName; the CSV: the file's zone).
 */
export type NightZone = (zone: string, at: Date) => string | null

/**
 * Writes a day and time typed on a guild's clock (YYYY-MM-DD, HH:MM) as the screen writes every date: the
 * screens pass web/lib/format.ts formatTypedDateTime, so the log's night reads as the dates beside it
 * ("12/6/2026, 6:00 PM", not a hand-written "12/06/2026 6:00 PM"); without it (the CSV), the history texts'
 * `nightStart`.
 */
export type NightStartWriter = (date: string, time: string) => string

/**
 * A night's start as the reader's language writes dates and times, as the rest of the screen does:
 * "10/12/2026 20:00", "12/10/2026 8:00 PM" (the English texts take the 12-hour clock, by half of the day). It
 * stays on the guild's clock, as typed, and says the zone when the row names one and `nightZone` finds the
 * reader's clock reads otherwise: "10/12/2026 18:00 (Horário Alemanha)" (docs/product-rules.md, "Raid nights").
 */
function nightStart(
  segment: string,
  t: Translate,
  nightZone?: NightZone,
  writeStart?: NightStartWriter,
): string | null {
  const match = NIGHT_START.exec(segment)
  if (!match) return null
  const [, year, month, day, time, zone] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string?,
  ]
  const [hours, minute] = time.split(':') as [string, string]
  const hour = Number(hours)
  const half = hour < 12 ? 'am' : 'pm'
  const start = writeStart
    ? writeStart(`${year}-${month}-${day}`, time)
    : t(`activity.facts.nightStart.${half}`, { year, month, day, time, hour12: hour % 12 || 12, minute })
  if (!zone || !nightZone) return start
  let name: string | null = null
  try {
    name = nightZone(zone, zonedInstant(`${year}-${month}-${day}`, time, zone))
  } catch {
    // A zone this platform does not know: the time as typed, without it.
  }
  return name ? t('activity.facts.nightStartZoned', { start, zone: name }) : start
}

/** A raid night's settings as the service lists them: "timeZone: America/Sao_Paulo", "noShowRule: absent". */
function nightSetting(segment: string, t: Translate): string | null {
  const [field, value] = segment.split(': ') as [string, string | undefined]
  if (field === 'timeZone' && value) return t('activity.facts.timeZone', { zone: value })
  if (field === 'noShowRule' && value && isNoShowRule(value))
    return t('activity.facts.noShowRule', { rule: t(`activity.facts.noShow.${value}`) })
  return null
}

const SHOWN_OR_HIDDEN = new Set(['showNotes', 'showCounters', 'showAttendance'])
const isQueueMode = member(PUBLIC_QUEUE_MODES)

/**
 * A visibility setting as the service lists it (server/modules/guilds/public-visibility.service.ts):
 * "showNotes: false", "queueMode: first", "queueFirst: 10".
 */
function visibilitySetting(segment: string, t: Translate): string | null {
  const [field, value] = segment.split(': ') as [string, string | undefined]
  if (SHOWN_OR_HIDDEN.has(field) && (value === 'true' || value === 'false'))
    return t(`activity.facts.publicVisibility.${field}.${value === 'true' ? 'shown' : 'hidden'}`)
  if (field === 'queueMode' && value && isQueueMode(value))
    return t(`activity.facts.publicVisibility.queueMode.${value}`)
  if (field === 'queueFirst' && value && /^\d+$/.test(value))
    return t('activity.facts.publicVisibility.queueFirst', { count: Number(value) })
  return null
}

/** A count an import's audit row names (server/modules/imports): "players 12". */
const IMPORTED_COUNT = /^(ranks|players|items|queueEntries|history|raidNights|attendance) (\d+)$/

/**
 * The description of an activity row in the reader's words; a night's time it quotes says its zone where
 * `nightZone` names it, written by `writeStart` when given.
 */
export function describeActivity(
  actionType: string,
  description: string,
  t: Translate,
  nightZone?: NightZone,
  writeStart?: NightStartWriter,
): string {
  switch (actionType) {
    case 'GUILD_UPDATE': {
      const current = legacyGuildUpdate(description)
      // Only the password changed (older rows name no guild): the words alone.
      if (current === 'publicAccessPassword') return fieldList(current, t)!
      return translateTail(current.split(SEPARATOR), (s) => fieldList(s, t)).join(SEPARATOR)
    }
    case 'ITEM_UPDATE':
      return translateTail(description.split(SEPARATOR), (s) => fieldList(s, t)).join(SEPARATOR)
    case 'PLAYER_UPDATE':
      return translateTail(
        description.split(SEPARATOR),
        (s) => fieldList(s, t) ?? transition(s, isPlayerStatus, 'playerStatus', t),
      ).join(SEPARATOR)
    case 'USER_UPDATED':
      return translateTail(description.split(SEPARATOR), (s) => transition(s, isRole, 'role', t)).join(
        SEPARATOR,
      )
    case 'PLAYER_CREATE': {
      const match = /^(.*) \((\w+)\)$/s.exec(description)
      if (!match || !isPlayerStatus(match[2]!)) return description
      return `${match[1]} (${t(`activity.facts.playerStatus.${match[2]}`)})`
    }
    case 'ITEM_VISIBILITY_CHANGE':
      return translateTail(description.split(SEPARATOR), (s) =>
        s === 'public' || s === 'hidden' ? t(`activity.facts.visibility.${s}`) : null,
      ).join(SEPARATOR)
    case 'QUEUE_UNDO':
      return translateTail(description.split(SEPARATOR), (s) =>
        ACTIONS.has(s) ? t(`actions.${s}`) : null,
      ).join(SEPARATOR)
    case 'PLAYER_PENALIZED': {
      const segments = description.split(SEPARATOR)
      const at = penaltyDaysAt(segments)
      if (at < 0) return description
      segments[at] = t('activity.facts.days', { count: Number.parseInt(segments[at]!, 10) })
      return segments.join(SEPARATOR)
    }
    case 'PLAYER_PASSED':
    case 'PLAYER_PASSED_ABSENT':
      // "item · player · night · excused" (server/db/functions/lq_queue_entry_action.sql): the mark in words.
      return translateTail(description.split(SEPARATOR), (s) =>
        isNightAttendance(s) ? t(`activity.facts.nightAttendance.${s}`) : null,
      ).join(SEPARATOR)
    case 'EVENT_CREATE':
    case 'EVENT_DELETE':
    case 'EVENT_COMPLETE':
    case 'EVENT_ARCHIVE':
    case 'EVENT_REOPEN':
    case 'EVENT_CANCEL':
      // "night · 2026-12-10 20:00 Europe/Berlin" (server/modules/raid-nights/raid-nights.service.ts): its start
      // in words, on the guild's clock.
      return translateTail(description.split(SEPARATOR), (s) => nightStart(s, t, nightZone, writeStart)).join(
        SEPARATOR,
      )
    case 'EVENT_UPDATE':
      return translateTail(description.split(SEPARATOR), (s) => fieldList(s, t)).join(SEPARATOR)
    case 'ATTENDANCE_UPDATE':
      // "night · marks 3" (server/modules/raid-nights/attendance.service.ts).
      return translateTail(description.split(SEPARATOR), (s) => {
        const match = /^marks (\d+)$/.exec(s)
        return match ? t('activity.facts.marks', { count: Number(match[1]) }) : null
      }).join(SEPARATOR)
    case 'QUEUE_ADD_ALL': {
      // "item + 15" (server/modules/queues/queues.service.ts addAll): how many joined the item's queue.
      const match = /^(.*) \+ (\d+)$/s.exec(description)
      if (!match) return description
      return `${match[1]}${SEPARATOR}${t('activity.facts.addedToQueue', { count: Number(match[2]) })}`
    }
    case 'RAID_NIGHT_SETTINGS_UPDATE':
      // "timeZone: America/Sao_Paulo · noShowRule: absent" (night-settings.service.ts): every segment a setting.
      return description
        .split(SEPARATOR)
        .map((s) => nightSetting(s, t) ?? s)
        .join(SEPARATOR)
    case 'RANK_DELETE':
      // "rank · holders 3" (server/modules/ranks/ranks.service.ts): who lost it, in words.
      return translateTail(description.split(SEPARATOR), (s) => {
        const match = /^holders (\d+)$/.exec(s)
        return match ? t('activity.facts.rankHolders', { count: Number(match[1]) }) : null
      }).join(SEPARATOR)
    case 'RANK_FIRST_UPDATE':
      // "on" or "off" (server/modules/ranks/ranks.service.ts setRankFirst).
      return description === 'on' || description === 'off'
        ? t(`activity.facts.rankFirst.${description}`)
        : description
    case 'PUBLIC_VISIBILITY_UPDATE':
      return description
        .split(SEPARATOR)
        .map((s) => visibilitySetting(s, t) ?? s)
        .join(SEPARATOR)
    case 'IMPORT_COMPLETED':
      // "files · players 12 · history 300 · settings": the counts in words, and that the guild's settings
      // were set from the export (server/modules/imports/imports.service.ts).
      return translateTail(description.split(SEPARATOR), (s) => {
        if (s === 'settings') return t('activity.facts.importedSettings')
        const match = IMPORTED_COUNT.exec(s)
        return match ? t(`activity.facts.imported.${match[1]}`, { count: Number(match[2]) }) : null
      }).join(SEPARATOR)
    case 'SUBSCRIPTION_UPDATE':
    case 'SUBSCRIPTION_ACTIVATED':
    case 'SUBSCRIPTION_PAST_DUE':
    case 'SUBSCRIPTION_CANCELED':
      return description
        .split(SEPARATOR)
        .map(
          (s) =>
            transition(s, isSubscriptionStatus, 'subscriptionStatus', t) ??
            (isInterval(s) ? t(`activity.facts.interval.${s}`) : s),
        )
        .join(SEPARATOR)
    case 'INTEGRATION_UPDATE':
    case 'INTEGRATION_DELETE':
    case 'INTEGRATION_DISABLED':
      return integrationFacts(description, t)
    case 'INVITE_SENT':
    case 'INVITE_CANCELLED':
    case 'INVITE_ACCEPTED':
      // "Name <e-mail>" for admins; the name alone for anyone else, and nothing when the row named no one but
      // the address (server/modules/history/history.privacy.ts): "convidado".
      return description === '' ? t('activity.facts.invitee') : description
    default:
      return description
  }
}
