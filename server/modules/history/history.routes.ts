import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { proErrorResponses } from '../../../contract/common'
import {
  ActivityCsvQuerySchema,
  ActivityPageSchema,
  ActivityQuerySchema,
  HistoryStatsSchema,
  LootCsvQuerySchema,
  LootHistoryPageSchema,
  LootQuerySchema,
  StatsQuerySchema,
} from '../../../contract/history'
import type { AppEnv } from '../../app-context'
import { guildIdOf, proAdminChain, proMemberChain } from '../../auth/guards'
import { cachedJson } from '../../lib/cached-answer'
import {
  attachmentHeader,
  cachedJsonResponses,
  createRouter,
  declareRoutes,
  jsonResponse,
} from '../../lib/router'
import { csvDateTime } from './history.csv'
import { activityCsv, lootCsv, primed } from './history.export'
import { historyCatalog } from './history.i18n'
import { activityPage, historyStats, lootPage } from './history.service'
import { guildNightSettings } from '../raid-nights/raid-nights.queries'

// History is a Pro feature: members read it, admins export it.
const route = declareRoutes({ tags: ['history'], responses: proErrorResponses })
const csv = (description: string) => ({
  description: `${description} (UTF-8 with BOM; ';' separated in Portuguese, ',' in English)`,
  content: { 'text/csv': { schema: z.string() } },
  headers: attachmentHeader,
})

const statsRoute = route('get', '/history/stats', {
  summary: 'The four stat cards, over the whole history',
  middleware: proMemberChain,
  request: { query: StatsQuerySchema },
  responses: cachedJsonResponses(HistoryStatsSchema, 'Stats'),
})

const lootRoute = route('get', '/history/loot', {
  summary: 'Distribution history, newest first, 20 per page',
  middleware: proMemberChain,
  request: { query: LootQuerySchema },
  responses: { 200: jsonResponse(LootHistoryPageSchema, 'One page') },
})

const activityRoute = route('get', '/history/activity', {
  summary: 'Activity log, newest first, 20 per page',
  middleware: proMemberChain,
  request: { query: ActivityQuerySchema },
  responses: { 200: jsonResponse(ActivityPageSchema, 'One page') },
})

const lootCsvRoute = route('get', '/history/loot.csv', {
  summary: 'The filtered distribution history as CSV (admins)',
  middleware: proAdminChain,
  request: { query: LootCsvQuerySchema },
  responses: { 200: csv('Distribution history') },
})

const activityCsvRoute = route('get', '/history/activity.csv', {
  summary: 'The filtered activity log as CSV (admins)',
  middleware: proAdminChain,
  request: { query: ActivityCsvQuerySchema },
  responses: { 200: csv('Activity log') },
})

/** Invitees' e-mail addresses are for admins, as the members list is (history.privacy.ts). */
const seesEmails = (c: Context<AppEnv>) => c.get('profile')?.role === 'guild_admin'

/** The guild's time zone: every CSV's dates are on it, whoever downloads the file (history.csv.ts, csvClock). */
async function guildZone(c: Context<AppEnv>) {
  return (await guildNightSettings(c.get('deps').database.db, guildIdOf(c))).timeZone
}

function download(c: Context<AppEnv>, body: ReadableStream<Uint8Array>, file: string, timeZone: string) {
  const day = csvDateTime(c.get('deps').now(), timeZone).slice(0, 10)
  const name = `${file}-${c.get('guild')!.slug}-${day}.csv`
  return c.body(body, 200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${name}"`,
    'cache-control': 'no-store',
  })
}

export const historyRouter = createRouter()
  // From the read cache (docs/decisions/009-cached-reads.md): counted over the whole history on each visit of
  // the history page (90-230 ms at 100,000 rows), it changes only with a write (the guild's zone included).
  .openapi(statsRoute, async (c) => {
    const guildId = guildIdOf(c)
    return cachedJson(c, guildId, { kind: 'history-stats' }, async () => ({
      value: await historyStats(c.get('deps'), guildId),
      changesAt: [],
    }))
  })
  .openapi(lootRoute, async (c) => {
    return c.json(await lootPage(c.get('deps'), guildIdOf(c), c.req.valid('query')), 200)
  })
  .openapi(activityRoute, async (c) => {
    const query = c.req.valid('query')
    const reader = { language: c.get('lang'), seesEmails: seesEmails(c) }
    return c.json(await activityPage(c.get('deps'), guildIdOf(c), query, reader), 200)
  })
  .openapi(lootCsvRoute, async (c) => {
    const { search, rarity, eventId } = c.req.valid('query')
    const filter = { search, rarity, eventId }
    const timeZone = await guildZone(c)
    const body = await primed(
      lootCsv(c.get('deps'), guildIdOf(c), filter, { language: c.get('lang'), timeZone }),
    )
    return download(c, body, historyCatalog(c.get('lang')).csv.lootFile, timeZone)
  })
  .openapi(activityCsvRoute, async (c) => {
    const { search, eventId } = c.req.valid('query')
    const timeZone = await guildZone(c)
    const body = await primed(
      activityCsv(
        c.get('deps'),
        guildIdOf(c),
        { search, eventId },
        { language: c.get('lang'), timeZone, seesEmails: seesEmails(c) },
      ),
    )
    return download(c, body, historyCatalog(c.get('lang')).csv.activityFile, timeZone)
  })
