import { z } from '@hono/zod-openapi'
import { errorResponses, IdParamSchema, proErrorResponses } from '../../../contract/common'
import {
  AttendancePrefillResultSchema,
  AttendancePrefillSchema,
  AttendanceUpdateSchema,
  RaidNightActionSchema,
  RaidNightDetailSchema,
  RaidNightInputSchema,
  RaidNightListQuerySchema,
  RaidNightListSchema,
  RaidNightPatchSchema,
  RaidNightSettingsSchema,
  TonightSchema,
} from '../../../contract/raid-nights'
import { actorOf, adminChain, guildIdOf, memberChain, proMemberChain } from '../../auth/guards'
import { cachedJson } from '../../lib/cached-answer'
import { cachedJsonResponses, createRouter, declareRoutes, jsonBody, jsonResponse } from '../../lib/router'
import { prefillAttendance, tonight, updateAttendance } from './attendance.service'
import { getNightSettings, setNightSettings } from './night-settings.service'
import {
  actOnRaidNight,
  copyRaidNight,
  createRaidNight,
  deleteRaidNight,
  getRaidNight,
  listRaidNights,
  updateRaidNight,
} from './raid-nights.service'

// Raid nights (the specification's events) are a Pro feature, like the history: members run them. What the
// queue panel reads of the night running, and the guild's settings, are not (docs/decisions/016-raid-nights.md).
const route = declareRoutes({
  tags: ['raid nights'],
  middleware: proMemberChain,
  responses: proErrorResponses,
})
const memberRoute = declareRoutes({
  tags: ['raid nights'],
  middleware: [...memberChain],
  responses: errorResponses,
})
const adminRoute = declareRoutes({
  tags: ['raid nights'],
  middleware: [...adminChain],
  responses: errorResponses,
})
const nightResponse = (description: string) => jsonResponse(RaidNightDetailSchema, description)
const ChangedSchema = z.object({ changed: z.number().int() }).meta({ id: 'AttendanceChanged' })

const listRoute = route('get', '/raid-nights', {
  summary: 'Upcoming nights (active, not ended; soonest first) or past ones (newest first, 20 per page)',
  request: { query: RaidNightListQuerySchema },
  responses: { 200: jsonResponse(RaidNightListSchema, 'Nights') },
})
const createRoute = route('post', '/raid-nights', {
  summary: "Schedules a night (date and times on the guild's clock; an end before the start is the next day)",
  request: { body: jsonBody(RaidNightInputSchema) },
  responses: { 201: nightResponse('The new night') },
})
const getRoute = route('get', '/raid-nights/{id}', {
  summary: 'A night: its attendance (every active player), its awards and totals',
  request: { params: IdParamSchema },
  responses: { 200: nightResponse('The night') },
})
const updateRoute = route('patch', '/raid-nights/{id}', {
  summary:
    'Changes the fields given (409 RAID_NIGHT_AWARDS_OUTSIDE when new times leave out an award handed out ' +
    'during it, RAID_NIGHT_OVERLAP when they meet another active night)',
  request: { params: IdParamSchema, body: jsonBody(RaidNightPatchSchema) },
  responses: { 200: nightResponse('The night') },
})
const deleteRoute = route('delete', '/raid-nights/{id}', {
  summary: 'Deletes a night without awards (409 RAID_NIGHT_HAS_AWARDS otherwise: archive it)',
  request: { params: IdParamSchema },
  responses: { 204: { description: 'Deleted' } },
})
const copyRoute = route('post', '/raid-nights/{id}/copy', {
  summary: '"Same as last week": a new night with the same name, description and times, 7 days later',
  request: { params: IdParamSchema },
  responses: { 201: nightResponse('The new night') },
})
const statusRoute = route('post', '/raid-nights/{id}/status', {
  summary: 'Complete, archive, reopen or cancel (409 RAID_NIGHT_STATUS when the status does not allow it)',
  request: { params: IdParamSchema, body: jsonBody(RaidNightActionSchema) },
  responses: { 200: nightResponse('The night') },
})
const attendanceRoute = route('put', '/raid-nights/{id}/attendance', {
  summary: "Marks the players given (null: unmarks); another guild's player is not found",
  request: { params: IdParamSchema, body: jsonBody(AttendanceUpdateSchema) },
  responses: { 200: jsonResponse(ChangedSchema, 'How many marks changed') },
})
const prefillRoute = route('post', '/raid-nights/{id}/attendance/prefill', {
  summary: "Every active player's mark: as on the previous night of the same name, or present",
  request: { params: IdParamSchema, body: jsonBody(AttendancePrefillSchema) },
  responses: {
    200: jsonResponse(
      AttendancePrefillResultSchema,
      "How many marks changed, and the source's no-shows left unmarked",
    ),
  },
})
const tonightRoute = memberRoute('get', '/raid-nights-tonight', {
  summary: 'The night running now, if any, and who is marked on it (the queue panel)',
  responses: cachedJsonResponses(TonightSchema, 'Tonight'),
})
const settingsRoute = memberRoute('get', '/raid-night-settings', {
  summary: "The guild's time zone for nights and its no-show rule",
  responses: { 200: jsonResponse(RaidNightSettingsSchema, 'Settings') },
})
const setSettingsRoute = adminRoute('put', '/raid-night-settings', {
  summary: 'Changes the time zone and the no-show rule (admins)',
  request: { body: jsonBody(RaidNightSettingsSchema) },
  responses: { 200: jsonResponse(RaidNightSettingsSchema, 'Settings') },
})

export const raidNightsRouter = createRouter()
  .openapi(listRoute, async (c) =>
    c.json(await listRaidNights(c.get('deps'), guildIdOf(c), c.req.valid('query')), 200),
  )
  .openapi(createRoute, async (c) =>
    c.json(await createRaidNight(c.get('deps'), actorOf(c), c.req.valid('json')), 201),
  )
  .openapi(getRoute, async (c) =>
    c.json(await getRaidNight(c.get('deps'), guildIdOf(c), c.req.valid('param').id), 200),
  )
  .openapi(updateRoute, async (c) =>
    c.json(
      await updateRaidNight(c.get('deps'), actorOf(c), c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  )
  .openapi(deleteRoute, async (c) => {
    await deleteRaidNight(c.get('deps'), actorOf(c), c.req.valid('param').id)
    return c.body(null, 204)
  })
  .openapi(copyRoute, async (c) =>
    c.json(await copyRaidNight(c.get('deps'), actorOf(c), c.req.valid('param').id), 201),
  )
  .openapi(statusRoute, async (c) => {
    const { action } = c.req.valid('json')
    return c.json(await actOnRaidNight(c.get('deps'), actorOf(c), c.req.valid('param').id, action), 200)
  })
  .openapi(attendanceRoute, async (c) =>
    c.json(
      await updateAttendance(c.get('deps'), actorOf(c), c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  )
  .openapi(prefillRoute, async (c) => {
    const { from } = c.req.valid('json')
    return c.json(await prefillAttendance(c.get('deps'), actorOf(c), c.req.valid('param').id, from), 200)
  })
  // Every queue panel reads it on each visit: from the read cache, right until the night ends or the next
  // one starts (docs/decisions/009-cached-reads.md).
  .openapi(tonightRoute, async (c) => {
    const guildId = guildIdOf(c)
    return cachedJson(c, guildId, { kind: 'tonight' }, () => tonight(c.get('deps'), guildId))
  })
  .openapi(settingsRoute, async (c) => c.json(await getNightSettings(c.get('deps'), guildIdOf(c)), 200))
  .openapi(setSettingsRoute, async (c) =>
    c.json(await setNightSettings(c.get('deps'), actorOf(c), c.req.valid('json')), 200),
  )
