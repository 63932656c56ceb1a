import { createRoute } from '@hono/zod-openapi'
import { errorsOf } from '../../../contract/common'
import { GuildPatchSchema, GuildSchema, GuildStatsSchema } from '../../../contract/guild'
import { actorOf, adminChain, guildIdOf, memberChain } from '../../auth/guards'
import { createRouter, jsonBody, jsonResponse } from '../../lib/router'
import * as guilds from './guilds.service'

const tags = ['guild']

const getGuildRoute = createRoute({
  method: 'get',
  path: '/guild',
  tags,
  summary: "The member's guild, public password included (members share it with their raiders)",
  middleware: [...memberChain] as const,
  responses: { 200: jsonResponse(GuildSchema, 'OK'), ...errorsOf(401, 403) },
})

const patchGuildRoute = createRoute({
  method: 'patch',
  path: '/guild',
  tags,
  summary: 'Admins: rename the guild or change its public password (the slug never changes)',
  middleware: [...adminChain] as const,
  request: { body: jsonBody(GuildPatchSchema) },
  responses: { 200: jsonResponse(GuildSchema, 'Saved'), ...errorsOf(400, 401, 403) },
})

const statsRoute = createRoute({
  method: 'get',
  path: '/guild/stats',
  tags,
  summary: 'Members, items, distributed loot, created and last update',
  middleware: [...memberChain] as const,
  responses: { 200: jsonResponse(GuildStatsSchema, 'OK'), ...errorsOf(401, 403) },
})

const exportRoute = createRoute({
  method: 'get',
  path: '/guild/export',
  tags,
  summary: 'Admins: download everything the guild owns as JSON (data portability)',
  middleware: [...adminChain] as const,
  responses: { 200: { description: 'A JSON file' }, ...errorsOf(401, 403) },
})

export const guildsRouter = createRouter()
  .openapi(getGuildRoute, async (c) => c.json(await guilds.getGuild(c.var.deps, guildIdOf(c)), 200))
  .openapi(patchGuildRoute, async (c) =>
    c.json(await guilds.updateGuild(c.var.deps, actorOf(c), c.req.valid('json')), 200),
  )
  .openapi(statsRoute, async (c) => c.json(await guilds.guildStats(c.var.deps, guildIdOf(c)), 200))
  .openapi(exportRoute, async (c) => {
    const { fileName, document } = await guilds.exportGuild(c.var.deps, c.var.guild!)
    c.header('Content-Disposition', `attachment; filename="${fileName}"`)
    return c.json(document, 200)
  })
