import { errorsOf } from '../../../contract/common'
import { GuildPatchSchema, GuildSchema, GuildStatsSchema } from '../../../contract/guild'
import { actorOf, adminChain, guildIdOf, memberChain } from '../../auth/guards'
import { createRouter, declareRoutes, jsonBody, jsonResponse } from '../../lib/router'
import * as guilds from './guilds.service'

// Every route needs a member (401, 403); the admins' need the admin role too.
const route = declareRoutes({ tags: ['guild'], responses: errorsOf(401, 403) })

const getGuildRoute = route('get', '/guild', {
  summary: "The member's guild, public password included (members share it with their raiders)",
  middleware: [...memberChain],
  responses: { 200: jsonResponse(GuildSchema, 'OK') },
})

const patchGuildRoute = route('patch', '/guild', {
  summary: 'Admins: rename the guild or change its public password (the slug never changes)',
  middleware: [...adminChain],
  request: { body: jsonBody(GuildPatchSchema) },
  responses: { 200: jsonResponse(GuildSchema, 'Saved'), ...errorsOf(400) },
})

const statsRoute = route('get', '/guild/stats', {
  summary: 'Members, items, distributed loot, created and last update',
  middleware: [...memberChain],
  responses: { 200: jsonResponse(GuildStatsSchema, 'OK') },
})

const exportRoute = route('get', '/guild/export', {
  summary: 'Admins: download everything the guild owns as JSON (data portability)',
  middleware: [...adminChain],
  responses: { 200: { description: 'A JSON file' } },
})

export const guildsRouter = createRouter()
  .openapi(getGuildRoute, async (c) => c.json(await guilds.getGuild(c.get('deps'), guildIdOf(c)), 200))
  .openapi(patchGuildRoute, async (c) =>
    c.json(await guilds.updateGuild(c.get('deps'), actorOf(c), c.req.valid('json')), 200),
  )
  .openapi(statsRoute, async (c) => c.json(await guilds.guildStats(c.get('deps'), guildIdOf(c)), 200))
  .openapi(exportRoute, async (c) => {
    const { fileName, document } = await guilds.exportGuild(c.get('deps'), c.get('guild')!)
    c.header('Content-Disposition', `attachment; filename="${fileName}"`)
    return c.json(document, 200)
  })
