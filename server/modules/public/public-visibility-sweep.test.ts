import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_PUBLIC_VISIBILITY } from '../../../contract/public-visibility'
import { createApp } from '../../app'
import { fileTestContext } from '../../test/harness'
import { readSse } from '../live-updates/sse.test-support'
import { api } from '../raid-nights/raid-nights.test-support'
import { ABSENT_NOTE, AWARD_NOTE, PENALTY_REASON, raidedGuild } from './public-visibility.test-support'
import { expectNeverSent, publicClient, type Sent } from './public.test-support'

// Issue 42's proof: with notes, counters and attendance hidden, no public answer carries them. Every public
// GET route the OpenAPI document lists is asked for every item and player, the event stream is read while an
// award with a note happens, and the server-rendered public pages are fetched; every byte is swept for the
// notes' text and for the hidden fields, as the public password sweep does (public.test.ts).

const ctx = await fileTestContext()
afterEach(() => ctx.setNow(null))
const seen: Sent[] = []
const client = publicClient(ctx, seen)

// The server-rendered page, made by the web app's own rendering (as in public-page.test.ts).
const webRoot = mkdtempSync(join(tmpdir(), 'lq-visibility-sweep-'))
mkdirSync(join(webRoot, 'assets'))
writeFileSync(
  join(webRoot, 'index.html'),
  '<!doctype html><html lang="pt-BR"><head><title>LootQueue</title><!--lq-head--></head>' +
    '<body><div id="root"></div></body></html>',
)
afterAll(() => rmSync(webRoot, { recursive: true, force: true }))
const pageApp = createApp({
  deps: ctx.deps,
  webRoot,
  pageRenderer: () => import('../../../web/entry-server'),
})

const LATE_NOTE = 'late-award-note-Jh64'
const SECRETS = [AWARD_NOTE, ABSENT_NOTE, PENALTY_REASON, LATE_NOTE]
/** A hidden field with a value: a count, a receipt total, an attendance share. */
const HIDDEN_FIELDS = /"(timesReceived|timesAbsent|receivedTotal)":\d|"attendance":\{|"share":/

const HIDE_ALL = {
  ...DEFAULT_PUBLIC_VISIBILITY,
  showNotes: false,
  showCounters: false,
  showAttendance: false,
}

describe('the visibility sweep', () => {
  it('no public route, stream event or rendered page carries a hidden note or field', async () => {
    const { guild, admin, item, ids, cookie } = await raidedGuild(ctx, client)
    await api(admin, 'PUT', '/guild/public-visibility', HIDE_ALL)

    // Every public GET route of the OpenAPI document, with every value its parameters can take here.
    const document = (await (await ctx.app.request('/api/v1/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>
    }
    const publicReads = Object.keys(document.paths).filter(
      (path) => path.startsWith('/public/') && 'get' in document.paths[path]!,
    )
    const values: Record<string, string[]> = {
      slug: [guild.slug],
      itemId: [item.id],
      playerId: Object.values(ids),
    }
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
        const res = await client.call('GET', relative, { cookie })
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

    // An award with a note while the stream is open: the stream says a queue changed, never the note.
    const queue = await api<{ entries: { id: string; playerName: string }[] }>(
      admin,
      'GET',
      `/items/${item.id}/queue`,
    )
    const duda = queue.entries.find((e) => e.playerName === 'Duda')!
    ctx.setNow(new Date(ctx.deps.now().getTime() + 60_000))
    await api(admin, 'POST', `/queue-entries/${duda.id}/received`, { note: LATE_NOTE })
    await stream!.waitFor('change', { timeoutMs: 10_000 })
    await stream!.close()
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
