import { z } from '@hono/zod-openapi'
import { errorResponse, errorsOf } from '../../../contract/common'
import { GuildPatchSchema, GuildSchema, GuildStatsSchema } from '../../../contract/guild'
import { actorOf, adminChain, guildIdOf, memberChain } from '../../auth/guards'
import { attachmentHeader, createRouter, declareRoutes, jsonBody, jsonResponse } from '../../lib/router'
import { AppError } from '../../lib/app-error'
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
  responses: {
    200: jsonResponse(GuildSchema, 'Saved'),
    ...errorsOf(400),
    409: errorResponse('Another guild has that name (GUILD_NAME_TAKEN)'),
  },
})

const statsRoute = route('get', '/guild/stats', {
  summary: 'Members, items, distributed loot, created and last update',
  middleware: [...memberChain],
  responses: { 200: jsonResponse(GuildStatsSchema, 'OK') },
})

/** The export's outline: each part is a list of the guild's rows (the guild itself an object). */
const rows = () => z.array(z.object({}).loose())
const GuildExportSchema = z
  .object({
    format: z.string().meta({ example: 'lootqueue-guild-export/1' }),
    exportedAt: z.string(),
    guild: z.object({ id: z.uuid(), name: z.string(), slug: z.string() }).loose(),
    members: rows(),
    invitations: rows(),
    players: rows(),
    items: rows(),
    queues: rows(),
    lootHistory: rows(),
    auditLog: rows(),
    integrations: rows(),
    accessLog: rows(),
  })
  .meta({ id: 'GuildExport' })

const exportRoute = route('get', '/guild/export', {
  summary: 'Admins: download everything the guild owns as JSON (data portability)',
  middleware: [...adminChain],
  responses: {
    200: { ...jsonResponse(GuildExportSchema, 'A JSON file to save'), headers: attachmentHeader },
  },
})

export const guildsRouter = createRouter()
  .openapi(getGuildRoute, async (c) => c.json(await guilds.getGuild(c.get('deps'), guildIdOf(c)), 200))
  .openapi(patchGuildRoute, async (c) =>
    c.json(await guilds.updateGuild(c.get('deps'), actorOf(c), c.req.valid('json')), 200),
  )
  .openapi(statsRoute, async (c) => c.json(await guilds.guildStats(c.get('deps'), guildIdOf(c)), 200))
  .openapi(exportRoute, async (c) => {
    const { fileName, document } = await guilds.exportGuild(c.get('deps'), c.get('guild')!)
    // The member's guild row is there (memberChain read it); the query's type cannot know it.
    const { guild, ...parts } = document
    if (!guild) throw new AppError('NOT_FOUND')
    c.header('Content-Disposition', `attachment; filename="${fileName}"`)
    return c.json({ ...parts, guild }, 200)
  })
