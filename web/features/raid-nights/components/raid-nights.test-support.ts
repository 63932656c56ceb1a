import type { Me } from '@contract/accounts'
import type {
  AttendanceRow,
  CalendarFeed,
  RaidNight,
  RaidNightDetail,
  RaidNightSettings,
} from '@contract/raid-nights'
import { type ApiCall, apiError, mockApi, type Reply } from '@web/test/render'
import { me } from '@web/test/factories'

// What the raid-night screens' tests share: nights as the API answers them, and a stand-in for its routes
// (server/modules/raid-nights/raid-nights.routes.ts) that keeps what the screens change.

export const NIGHT_ID = '00000000-0000-4000-8000-0000000000a1'
export const PREVIOUS_ID = '00000000-0000-4000-8000-0000000000a0'
export const ZONE = 'America/Sao_Paulo'

let ids = 0x100
const nextId = () => `00000000-0000-4000-8000-${(ids++).toString(16).padStart(12, '0')}`

const NO_MARKS = { present: 0, late: 0, bench: 0, excused: 0, noShow: 0 }

/** A night scheduled for Thursday 2026-12-10, 20:00 to 23:00 in São Paulo (23:00 to 02:00 UTC). */
export function night(overrides: Partial<RaidNight> = {}): RaidNight {
  return {
    id: nextId(),
    name: 'Raid de quinta',
    description: null,
    status: 'active',
    phase: 'upcoming',
    startsAt: '2026-12-10T23:00:00.000Z',
    endsAt: '2026-12-11T02:00:00.000Z',
    runsUntil: '2026-12-11T02:00:00.000Z',
    date: '2026-12-10',
    startTime: '20:00',
    endTime: '23:00',
    attendance: NO_MARKS,
    awards: 0,
    createdAt: '2026-12-01T12:00:00.000Z',
    ...overrides,
  }
}

export function attendanceRow(name: string, status: AttendanceRow['status'] = null): AttendanceRow {
  return { playerId: nextId(), playerName: name, playerStatus: 'active', status }
}

/** A night's page: its rows, no awards, no previous night unless given. */
export function nightDetail(overrides: Partial<RaidNightDetail> = {}): RaidNightDetail {
  return {
    ...night({ id: NIGHT_ID }),
    timeZone: ZONE,
    attendanceRows: [],
    awardRows: [],
    previousId: null,
    ...overrides,
  }
}

/** The names of `count` players: Player 01, Player 02… */
export const rosterOf = (count: number) =>
  Array.from({ length: count }, (_, i) => attendanceRow(`Jogador ${String(i + 1).padStart(2, '0')}`))

type Server = {
  who?: Me
  upcoming?: RaidNight[]
  /** Every past night; the stand-in pages them by 20. */
  past?: RaidNight[]
  nights?: RaidNightDetail[]
  settings?: RaidNightSettings
  calendar?: CalendarFeed
  /** Answers for "METHOD path" that win over the stand-in's own (a refusal, say). */
  replies?: Record<string, Reply | ((call: ApiCall) => Reply | undefined)>
  /** Every list and page answers this refusal (402, NO_GUILD). */
  refuse?: Reply
}

/** Plays the raid-night routes; the returned calls are every request the screen made, in order. */
export function serveNights(server: Server = {}) {
  const { who = me(), upcoming = [], past = [], nights = [], replies = {} } = server
  let calendar = server.calendar ?? { url: null }
  let settings = server.settings ?? { timeZone: ZONE, noShowRule: 'keep' }
  return mockApi((call) => {
    const { method, path } = call
    const [route, search] = path.split('?') as [string, string | undefined]
    const query = new URLSearchParams(search)
    if (route === '/me') return { body: who }
    const own = replies[`${method} ${route}`]
    if (own) {
      const reply = typeof own === 'function' ? own(call) : own
      if (reply) return reply
    }
    if (server.refuse && route.startsWith('/raid-nights')) return server.refuse
    if (method === 'GET' && route === '/raid-nights') {
      const list = query.get('when') === 'past' ? past : upcoming
      const page = Number(query.get('page') ?? 1)
      return {
        body: {
          timeZone: settings.timeZone,
          nights: list.slice((page - 1) * 20, page * 20),
          total: list.length,
        },
      }
    }
    const detail = /^\/raid-nights\/([^/]+)$/.exec(route)?.[1]
    if (method === 'GET' && detail) {
      const found = nights.find((n) => n.id === detail)
      return found ? { body: found } : apiError(404, 'NOT_FOUND')
    }
    if (route === '/raid-nights-calendar') {
      if (method === 'POST') calendar = { url: `https://lootqueue.test/calendar/${nextId()}.ics` }
      return { body: calendar }
    }
    if (route === '/raid-night-settings') {
      if (method === 'PUT') settings = call.body as RaidNightSettings
      return { body: settings }
    }
    return undefined
  })
}

/** The requests of one method and route (its query string left aside). */
export const callsTo = (calls: ApiCall[], method: string, route: string) =>
  calls.filter((call) => call.method === method && call.path.split('?')[0] === route)
