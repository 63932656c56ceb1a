import { asc, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import type { RaidNightDetail, RaidNightInput } from '../../../contract/raid-nights'
import { auditLogs, guilds } from '../../db/schema'
import type { Actor } from '../../test/factories'
import type { TestContext } from '../../test/harness'
import type { NightAttendance, NoShowRule } from '../../../contract/enums'

// Shared by the raid-night tests: a night scheduled through the API, marks, and the guild's no-show rule.

/** 20:30 in São Paulo (the default zone) on 2026-12-10: inside a night typed as that date, 20:00-23:00. */
export const DURING_NIGHT = new Date('2026-12-10T23:30:00Z')
export const TONIGHT: RaidNightInput = {
  name: 'Raid de quinta',
  description: 'Naxx 25',
  date: '2026-12-10',
  startTime: '20:00',
  endTime: '23:00',
}

export async function api<T>(actor: Actor, method: string, path: string, body?: unknown, status = 200) {
  const res = await actor.request(method, `/api/v1${path}`, body)
  const text = await res.text()
  expect(res.status, `${method} ${path}: ${text}`).toBe(status)
  return (text ? JSON.parse(text) : null) as T
}

export function scheduleNight(actor: Actor, input: Partial<RaidNightInput> = {}) {
  return api<RaidNightDetail>(actor, 'POST', '/raid-nights', { ...TONIGHT, ...input }, 201)
}

export function markPlayers(actor: Actor, nightId: string, marks: Record<string, NightAttendance | null>) {
  const entries = Object.entries(marks).map(([playerId, status]) => ({ playerId, status }))
  return api<{ changed: number }>(actor, 'PUT', `/raid-nights/${nightId}/attendance`, { entries })
}

export async function setNoShowRule(ctx: TestContext, guildId: string, rule: NoShowRule) {
  await ctx.database.db.update(guilds).set({ noShowRule: rule }).where(eq(guilds.id, guildId))
}

/** The guild's activity rows, oldest first (the rows of one action share its time). */
export function auditOf(ctx: TestContext, guildId: string) {
  return ctx.database.db
    .select({
      actionType: auditLogs.actionType,
      description: auditLogs.description,
      recordId: auditLogs.recordId,
      eventId: auditLogs.eventId,
    })
    .from(auditLogs)
    .where(eq(auditLogs.guildId, guildId))
    .orderBy(asc(auditLogs.createdAt), asc(auditLogs.actionType))
}

/** Moves the test's clock a second on: rows written one after the other then read in that order. */
export function tick(ctx: TestContext) {
  ctx.setNow(new Date(ctx.deps.now().getTime() + 1000))
}
