import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_PUBLIC_VISIBILITY } from '../../../contract/public-visibility'
import { createApp } from '../../app'
import { buildItem } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { readSse } from '../live-updates/sse.test-support'
import { api } from '../raid-nights/raid-nights.test-support'
import { ABSENT_NOTE, AWARD_NOTE, PENALTY_REASON, raidedGuild } from './public-visibility.test-support'
import { expectNeverSent, publicClient, type Sent } from './public.test-support'
import { testWebRoot } from '../../test/web-root'

// Issue 42's proof: with notes, counters and attendance hidden, no public answer carries them. Every public
// GET route the OpenAPI document lists is asked for every item and player, the event stream is read while an
// award with a note happens, and the server-rendered public pages are fetched; every byte is swept for the
// notes' text and for the hidden fields, as the public password sweep does (public.test.ts).

const ctx = await fileTestContext()
afterEach(() => ctx.setNow(null))
const seen: Sent[] = []
const client = publicClient(ctx, seen)

// The server-rendered page, made by the web app's own rendering (as in public-page.test.ts).
const webRoot = testWebRoot('visibility-sweep')
const pageApp = createApp({
  deps: ctx.deps,
  webRoot,
  pageRenderer: () => import('../../../web/entry-server'),
})

const LATE_NOTE = 'late-award-note-Jh64'
/** Notes typed as officers only, one per action that takes a note (the officers-only sweep). */
const PRIVATE = {
  award: 'officers-award-Qm31',
  absent: 'officers-absent-Tr08',
  penalty: 'officers-penalty-Lw92',
  penaltyRemoved: 'officers-unpenalty-Hc47',
  notInterested: 'officers-pass-Vn66',
  reorder: 'officers-order-Ye15',
}
const CONTROL_NOTE = 'shown-award-Bd73'
const SECRETS = [AWARD_NOTE, ABSENT_NOTE, PENALTY_REASON, LATE_NOTE]
/**
 * A hidden field with a value: a count, a receipt total, an attendance share, who received the item last, an
 * entry's received or absent (what each player received goes with counters: decision 019).
 */
const HIDDEN_FIELDS =
  /"(timesReceived|timesAbsent|receivedTotal)":\d|"attendance":\{|"share":|"lastRecipient":\{|"attendanceStatus":"(received|absent)"/

const HIDE_ALL = {
  ...DEFAULT_PUBLIC_VISIBILITY,
  showNotes: false,
  showCounters: false,
  showAttendance: false,
}

/**
 * Asks every public GET route of the OpenAPI document, with every value its parameters can take here, and
 * answers the event stream it opened (waiting for its first event). A public CSV or any other public read
 * added later is a route of the document, so it is swept too.
 */
async function askEveryPublicRoute(
  publicCall: ReturnType<typeof publicClient>['call'],
  values: Record<string, string[]>,
  cookie: string,
) {
  const document = (await (await ctx.app.request('/api/v1/openapi.json')).json()) as {
    paths: Record<string, Record<string, unknown>>
  }
  const publicReads = Object.keys(document.paths).filter(
    (path) => path.startsWith('/public/') && 'get' in document.paths[path]!,
  )
  const fill = (path: string): string[] => {
    const match = /\{(\w+)\}/.exec(path)
    if (!match) return [path]
    const options = values[match[1]!]
    expect(options, `a value for {${match[1]}}`).toBeDefined()
    return options!.flatMap((value) => fill(path.replace(match[0], value)))
  }
  const asked = new Set<string>()
  let stream: ReturnType<typeof readSse> | null = null
  for (const route of publicReads) {
    for (const path of fill(route)) {
      const relative = path.slice('/public/guilds/'.length)
      const res = await publicCall('GET', relative, { cookie })
      expect(res.status, path).toBe(200)
      if (route.endsWith('/events')) {
        stream = readSse(res)
        await stream.waitFor('ready')
      }
      asked.add(route)
    }
  }
  expect([...asked].sort()).toEqual([...publicReads].sort())
  // The routes the page lives on are among them (a rename would empty the sweep, not pass it).
  expect(publicReads).toEqual(
    expect.arrayContaining([
      '/public/guilds/{slug}/view',
      '/public/guilds/{slug}/items/{itemId}/queue',
      '/public/guilds/{slug}/players/{playerId}',
      '/public/guilds/{slug}/events',
    ]),
  )
  expect(stream, 'the event stream was opened').not.toBeNull()
  return stream!
}

/** The server-rendered pages a browser with the cookie gets first: the guild's, each item's, each player's. */
async function renderedPages(slug: string, itemIds: string[], playerIds: string[], cookie: string) {
  const pages: { path: string; html: string }[] = []
  const paths = [
    `/guilds/${slug}`,
    ...itemIds.map((id) => `/guilds/${slug}?item=${id}`),
    ...playerIds.map((id) => `/guilds/${slug}/players/${id}`),
  ]
  for (const path of paths) {
    const res = await pageApp.request(path, { headers: { cookie, 'accept-language': 'pt-BR' } })
    expect(res.status, path).toBe(200)
    pages.push({ path, html: await res.text() })
  }
  return pages
}

describe('the visibility sweep', () => {
  it('no public route, stream event or rendered page carries a hidden note or field', async () => {
    const { guild, admin, item, ids, cookie } = await raidedGuild(ctx, client)
    await api(admin, 'PUT', '/guild/public-visibility', HIDE_ALL)
    const values = { slug: [guild.slug], itemId: [item.id], playerId: Object.values(ids) }
    const stream = await askEveryPublicRoute(client.call, values, cookie)

    // An award with a note while the stream is open: the stream says a queue changed, never the note.
    const queue = await api<{ entries: { id: string; playerName: string }[] }>(
      admin,
      'GET',
      `/items/${item.id}/queue`,
    )
    const duda = queue.entries.find((e) => e.playerName === 'Duda')!
    ctx.setNow(new Date(ctx.deps.now().getTime() + 60_000))
    await api(admin, 'POST', `/queue-entries/${duda.id}/received`, { note: LATE_NOTE })
    await stream.waitFor('change', { timeoutMs: 10_000 })
    await stream.close()
    // Read again after the award, from the caches the award refilled.
    await client.call('GET', `${guild.slug}/items/${item.id}/queue`, { cookie })
    await client.call('GET', `${guild.slug}/players/${ids.Duda}`, { cookie })

    // The server-rendered pages a browser with the cookie gets first.
    for (const path of [`/guilds/${guild.slug}`, `/guilds/${guild.slug}?item=${item.id}`]) {
      const res = await pageApp.request(path, { headers: { cookie, 'accept-language': 'pt-BR' } })
      expect(res.status, path).toBe(200)
      const html = await res.text()
      // The page did render the queue (the sweep would pass on an empty shell otherwise).
      if (path.includes('?item=')) expect(html).toContain('Duda')
      seen.push({ kind: 'body', path, text: html })
    }

    for (const secret of SECRETS) expectNeverSent(seen, secret)
    for (const sent of seen) expect(sent.text, `${sent.kind} of ${sent.path}`).not.toMatch(HIDDEN_FIELDS)

    // The dashboard still has all of it: the sweep looks for text that exists.
    const dashboard =
      JSON.stringify(await api(admin, 'GET', `/players/${ids.Duda}/standing`)) +
      JSON.stringify(await api(admin, 'GET', `/items/${item.id}/queue`))
    expect(dashboard).toContain(LATE_NOTE)
    expect(dashboard).toContain(PENALTY_REASON)
    expect(dashboard).toMatch(/"timesReceived":1/)
  })

  it('officers-only notes reach no public route, stream event or rendered page while notes are shown', async () => {
    const sent: Sent[] = []
    const open = publicClient(ctx, sent)
    const { guild, admin, item, ids, cookie } = await raidedGuild(ctx, open)
    const second = await buildItem(ctx, guild.id, { name: 'Ashbringer', rarity: 'epic' })
    await api(admin, 'POST', `/items/${second.id}/queue/add-all`)
    const values = { slug: [guild.slug], itemId: [item.id, second.id], playerId: Object.values(ids) }
    const stream = await askEveryPublicRoute(open.call, values, cookie)

    // While the stream is open: every action that takes a note, each with an officers-only one, and a
    // normal note typed in the same run (the control: the sweep finds it, so it can fail).
    const entryOf = async (itemId: string, name: string) => {
      const view = await api<{ entries: { id: string; playerName: string }[] }>(
        admin,
        'GET',
        `/items/${itemId}/queue`,
      )
      return view.entries.find((e) => e.playerName === name)!.id
    }
    const step = () => ctx.setNow(new Date(ctx.deps.now().getTime() + 60_000))
    const privately = (note: string) => ({ note, notePrivate: true })
    step()
    await api(
      admin,
      'POST',
      `/queue-entries/${await entryOf(item.id, 'Duda')}/received`,
      privately(PRIVATE.award),
    )
    step()
    await api(
      admin,
      'POST',
      `/queue-entries/${await entryOf(item.id, 'Ana')}/absent`,
      privately(PRIVATE.absent),
    )
    step()
    await api(admin, 'POST', `/queue-entries/${await entryOf(item.id, 'Bruno')}/penalty`, {
      days: 2,
      ...privately(PRIVATE.penalty),
    })
    step()
    await api(
      admin,
      'DELETE',
      `/queue-entries/${await entryOf(item.id, 'Caio')}/penalty`,
      privately(PRIVATE.penaltyRemoved),
    )
    step()
    await api(
      admin,
      'POST',
      `/queue-entries/${await entryOf(second.id, 'Bruno')}/not-interested`,
      privately(PRIVATE.notInterested),
    )
    step()
    const order = await api<{ entries: { id: string }[] }>(admin, 'GET', `/items/${second.id}/queue`)
    await api(admin, 'PUT', `/items/${second.id}/queue/order`, {
      entryIds: order.entries.map((e) => e.id).reverse(),
      ...privately(PRIVATE.reorder),
    })
    step()
    await api(admin, 'POST', `/queue-entries/${await entryOf(second.id, 'Ana')}/received`, {
      note: CONTROL_NOTE,
    })
    await stream.waitForMessage((m) => m.event === 'change' && m.data.includes(second.id), {
      timeoutMs: 10_000,
      what: 'the last award announced on the stream',
    })
    await stream.close()

    // Everything again, from the caches the actions refilled, and the server-rendered pages.
    const again = await askEveryPublicRoute(open.call, values, cookie)
    await again.close()
    for (const page of await renderedPages(guild.slug, values.itemId, values.playerId, cookie)) {
      sent.push({ kind: 'body', path: page.path, text: page.html })
    }

    for (const secret of Object.values(PRIVATE)) expectNeverSent(sent, secret)
    // The control: the same sweep finds the normal notes, in the answers and in the rendered pages.
    const bodies = sent.filter((s) => s.kind === 'body')
    for (const note of [CONTROL_NOTE, AWARD_NOTE, PENALTY_REASON]) {
      expect(
        bodies.some((s) => s.text.includes(note)),
        note,
      ).toBe(true)
    }
    expect(bodies.some((s) => s.path.startsWith('/guilds/') && s.text.includes(CONTROL_NOTE))).toBe(true)

    // The dashboard still shows every one of them, marked.
    const dashboard = [
      await api(admin, 'GET', `/items/${item.id}/queue`),
      await api(admin, 'GET', `/players/${ids.Duda}/standing`),
      await api(admin, 'GET', `/players/${ids.Bruno}/standing`),
      await api(admin, 'GET', '/history/loot'),
      await api(admin, 'GET', '/history/activity'),
    ]
    const text = JSON.stringify(dashboard)
    for (const secret of Object.values(PRIVATE)) expect(text).toContain(secret)
    const [queue, , , loot, activity] = dashboard as [
      { entries: { playerName: string; penaltyNote: string | null; penaltyNotePrivate: boolean }[] },
      unknown,
      unknown,
      { rows: { notes: string | null; notesPrivate?: boolean }[] },
      { rows: { note: string | null; notePrivate: boolean }[] },
    ]
    expect(queue.entries.find((e) => e.playerName === 'Bruno')).toMatchObject({
      penaltyNote: PRIVATE.penalty,
      penaltyNotePrivate: true,
    })
    const marked = (rows: { note: string | null; private?: boolean }[]) =>
      Object.fromEntries(rows.filter((r) => r.note).map((r) => [r.note, r.private]))
    expect(marked(loot.rows.map((r) => ({ note: r.notes, private: r.notesPrivate })))).toMatchObject({
      [PRIVATE.award]: true,
      [CONTROL_NOTE]: false,
      [AWARD_NOTE]: false,
    })
    expect(marked(activity.rows.map((r) => ({ note: r.note, private: r.notePrivate })))).toMatchObject({
      ...Object.fromEntries(Object.values(PRIVATE).map((note) => [note, true])),
      [CONTROL_NOTE]: false,
    })
  })

  it('with everything shown, the same sweep finds the notes (it can fail)', async () => {
    const found: Sent[] = []
    const open = publicClient(ctx, found)
    const { guild, item, ids, cookie } = await raidedGuild(ctx, open)
    await open.call('GET', `${guild.slug}/items/${item.id}/queue`, { cookie })
    await open.call('GET', `${guild.slug}/players/${ids.Caio}`, { cookie })
    const text = found.map((s) => s.text).join('\n')
    for (const secret of [AWARD_NOTE, ABSENT_NOTE, PENALTY_REASON]) expect(text).toContain(secret)
    expect(text).toMatch(HIDDEN_FIELDS)
  })
})
