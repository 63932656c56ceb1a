import { createRoute } from '@hono/zod-openapi'
import { errorResponses } from '../../../contract/common'
import { GuildPatchSchema, GuildSchema, GuildStatsSchema } from '../../../contract/guild'
import { actorOf, adminChain, guildIdOf, memberChain } from '../../auth/guards'
import { createRouter, json } from '../../lib/router'
import * as guilds from './guilds.service'

const guarded = { 401: errorResponses[401], 403: errorResponses[403] }

const getGuildRoute = createRoute({
  method: 'get',
  path: '/guild',
  tags: ['guild'],
  summary: "The member's guild, public password included (members share it with their raiders)",
  middleware: [...memberChain] as const,
  responses: { 200: { description: 'OK', content: json(GuildSchema) }, ...guarded },
})

const patchGuildRoute = createRoute({
  method: 'patch',
  path: '/guild',
  tags: ['guild'],
  summary: 'Admins: rename the guild or change its public password (the slug never changes)',
  middleware: [...adminChain] as const,
  request: { body: { required: true, content: json(GuildPatchSchema) } },
  responses: {
    200: { description: 'Saved', content: json(GuildSchema) },
    400: errorResponses[400],
    ...guarded,
  },
})

const statsRoute = createRoute({
  method: 'get',
  path: '/guild/stats',
  tags: ['guild'],
  summary: 'Members, items, distributed loot, created and last update',
  middleware: [...memberChain] as const,
  responses: { 200: { description: 'OK', content: json(GuildStatsSchema) }, ...guarded },
})

const exportRoute = createRoute({
  method: 'get',
  path: '/guild/export',
  tags: ['guild'],
  summary: 'Admins: download everything the guild owns as JSON (data portability)',
  middleware: [...adminChain] as const,
  responses: { 200: { description: 'A JSON file' }, ...guarded },
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
