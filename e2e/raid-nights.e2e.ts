import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_ANNOUNCE_EVENTS } from '@contract/integrations'
import { DEFAULT_TIME_ZONE, type RaidNight, type RaidNightDetail } from '@contract/raid-nights'
import { type HttpReceiver, startReceiver } from '../server/test/http-receiver'
import announcementsPt from '../web/locales/pt/announcements.json'
import commonPt from '../web/locales/pt/common.json'
import errorsPt from '../web/locales/pt/errors.json'
import eventsPt from '../web/locales/pt/events.json'
import itemsPt from '../web/locales/pt/items.json'
import publicPt from '../web/locales/pt/public.json'
import standingPt from '../web/locales/pt/standing.json'
import { apiAs } from './support/api'
import { signInPage } from './support/accounts'
import { axeViolations } from './support/axe'
import { newPage } from './support/browser'
import { tr, trPattern } from './support/i18n'
import { untilHydrated } from './support/hydrated'
import { setUpJourney } from './support/journey'
import { dashboardQueue, enterPublicPage, publicQueueRows } from './support/queues'
import { zonedParts } from '../contract/zoned-time'
import { TIME_ZONE_COOKIE } from '../contract/cookies'
import type { NightAttendance } from '@contract/enums'

// Issue 41's journey: a guild that raids every Thursday. Last week's night is on record with its marks; an
// admin chooses that a no-show loses their place, schedules tonight's night starting now, copies last week's
// attendance for the 12 players and changes a few marks by keyboard, then hands out two items from the queue
// panel while the night runs. The players ahead of each winner who are not here are passed over by the
// guild's rule, on the dashboard and on the public page ("#3 hoje", "Fora hoje"); completing the night sends
// one recap to Discord (a local stand-in) and a player's page counts their attendance.

let receiver: HttpReceiver
beforeAll(async () => {
  receiver = await startReceiver()
})
afterAll(() => receiver?.close())

const journey = setUpJourney({ signUp: true, env: () => ({ INTEGRATIONS_ALLOW_LOCAL_URLS: 'true' }) })

const NIGHT = 'Raid de quinta'
const SWORD = 'Espada Lendária'
const SHIELD = 'Escudo Épico'
const PLAYERS = [
  'Aria',
  'Bruno',
  'Caio',
  'Duda',
  'Enzo',
  'Fabi',
  'Gael',
  'Hana',
  'Iago',
  'Jade',
  'Kael',
  'Lia',
]
/** Last week's marks; everyone else was present. */
const LAST_WEEK: Record<string, NightAttendance> = {
  Bruno: 'late',
  Gael: 'bench',
  Hana: 'no_show',
  Lia: 'excused',
}
/** Tonight: last week's marks (Hana's no-show left unmarked), then Caio excused, Duda on the bench, Enzo a no-show, Hana here. */
const TONIGHT: Record<string, NightAttendance> = {
  ...Object.fromEntries(PLAYERS.map((name) => [name, LAST_WEEK[name] ?? 'present'])),
  Caio: 'excused',
  Duda: 'bench',
  Enzo: 'no_show',
  Hana: 'present',
}
/** The queues as the guild left them: three players who are not here tonight ahead of Bruno (late). */
const QUEUES = {
  [SWORD]: ['Caio', 'Duda', 'Enzo', 'Bruno', 'Aria', 'Fabi', 'Gael', 'Hana'],
  [SHIELD]: ['Gael', 'Hana', 'Enzo', 'Lia', 'Kael'],
}
const NOTES = { [SWORD]: 'Ganhou a rolagem (97)', [SHIELD]: 'Único tanque sem escudo' }
const DAY_MS = 86_400_000
const MACHINE_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone

/** A moment on the guild's clock, as the events form takes it: YYYY-MM-DD and HH:MM. */
const guildClock = (at: Date) => zonedParts(at, DEFAULT_TIME_ZONE)

/**
 * The guild as it stands before tonight, through the API: the roster and two queues from a guild export
 * (players who joined weeks ago, so last week's night counts in their attendance), last week's night with its
 * marks, completed, and Discord's announcements pointed at the local stand-in.
 */
async function seedGuild(page: Page) {
  const call = <T>(method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) =>
    apiAs<T>(page, journey.server.url, method, path, data)
  const joined = new Date(Date.now() - 35 * DAY_MS).toISOString()
  const guildExport = {
    format: 'lootqueue-guild-export/1',
    players: PLAYERS.map((name) => ({ id: name, name, playerStatus: 'active', createdAt: joined })),
    items: [
      { id: SWORD, name: SWORD, rarity: 'legendary', isPublicVisible: true },
      { id: SHIELD, name: SHIELD, rarity: 'epic', isPublicVisible: true },
    ],
    queues: Object.entries(QUEUES).flatMap(([item, names]) =>
      names.map((name, i) => ({
        itemId: item,
        playerId: name,
        queuePosition: i + 1,
        attendanceStatus: 'pending',
        timesReceived: 0,
        timesAbsent: 0,
      })),
    ),
  }
  await call('POST', '/guild/import', {
    files: [{ name: 'guild.json', content: JSON.stringify(guildExport) }],
  })
  const { players } = await call<{ players: { id: string; name: string }[] }>('GET', '/players')
  const { items } = await call<{ items: { id: string; name: string }[] }>('GET', '/items')
  const playerId = (name: string) => players.find((p) => p.name === name)!.id
  const itemId = (name: string) => items.find((i) => i.name === name)!.id

  const lastWeek = await call<RaidNight>('POST', '/raid-nights', {
    name: NIGHT,
    date: guildClock(new Date(Date.now() - 7 * DAY_MS)).date,
    startTime: '20:00',
  })
  await call('PUT', `/raid-nights/${lastWeek.id}/attendance`, {
    entries: PLAYERS.map((name) => ({ playerId: playerId(name), status: LAST_WEEK[name] ?? 'present' })),
  })
  await call('POST', `/raid-nights/${lastWeek.id}/status`, { action: 'complete' })
  await call('PUT', '/integrations/discord', {
    url: `${receiver.url}/api/webhooks/4455667788/e2e-token-e2e-token-e2e`,
    events: DEFAULT_ANNOUNCE_EVENTS,
    language: 'pt',
  })
  return { playerId, itemId, call }
}

type Embed = { title: string; description?: string; fields: { name: string; value: string }[] }
const embeds = () => receiver.requests.map((r) => (JSON.parse(r.body) as { embeds: Embed[] }).embeds[0]!)

/** No axe-core violations on the page as it is (every rule, the whole page). */
async function expectAccessible(page: Page, what: string) {
  expect(await axeViolations(page), what).toEqual([])
}

const attendanceRow = (page: Page, name: string) =>
  page.getByRole('list', { name: eventsPt.attendance.listLabel }).getByRole('group', { name, exact: true })
const markOf = async (page: Page, name: string) => {
  for (const mark of ['present', 'late', 'bench', 'excused', 'no_show'] as const) {
    if (await attendanceRow(page, name).getByRole('radio', { name: eventsPt.marks[mark] }).isChecked())
      return mark
  }
  return null
}

/** The award of the queue panel's "next tonight": a note first, then "received" on that player's row. */
async function award(page: Page, itemId: string, item: keyof typeof NOTES, winner: string) {
  await page.goto(`/dashboard/items?tab=queues&item=${itemId}`)
  const row = page
    .getByRole('list', { name: itemsPt.queue.listLabel })
    .locator(':scope > li')
    .filter({ hasText: winner })
  await row.getByText(itemsPt.tonight.next).waitFor()
  await page.getByRole('button', { name: tr(itemsPt.note.openNamed, { item }) }).click()
  await page.getByLabel(itemsPt.note.label).fill(NOTES[item])
  await page.keyboard.press('Escape')
  await page.getByText(itemsPt.note.pending).waitFor()
  await page.getByRole('button', { name: tr(itemsPt.actions.receivedNamed, { name: winner }) }).click()
  await page.getByText(tr(itemsPt.toast.received, { name: winner })).waitFor()
}

const passed = (list: [string, NightAttendance, boolean][]) =>
  tr(itemsPt.tonight.passed, {
    list: list
      .map(([name, mark, markedAbsent]) =>
        tr(markedAbsent ? itemsPt.tonight.passedAbsent : itemsPt.tonight.passedKept, {
          name,
          mark: itemsPt.tonight.marks[mark],
        }),
      )
      .join(', '),
  })

const rowOf = (page: Page, name: string) =>
  page.getByRole('list', { name: itemsPt.queue.listLabel }).locator(':scope > li').filter({ hasText: name })

/** Each public row as [name, its tag tonight]: "#3 hoje" or "Fora hoje". */
const TONIGHT_TAG = new RegExp(`${tr(commonPt.tonight.place, { place: '\\d+' })}|${commonPt.tonight.away}`)
const publicTonight = async (page: Page, item: string) =>
  (await publicQueueRows(page, item)).map((text) => [
    PLAYERS.find((name) => text.includes(name)),
    text.match(TONIGHT_TAG)?.[0],
  ])
const place = (n: number) => tr(commonPt.tonight.place, { place: n })
const AWAY = commonPt.tonight.away

describe('a raid night', () => {
  it('fills attendance from last week, passes the absent by the guild rule, and recaps the night', async () => {
    const { page, context, consoleErrors } = await journey.open({ signIn: journey.account })
    const { playerId, itemId, call } = await seedGuild(page)

    // The guild's rule: a no-show loses their place (absent in that queue).
    await page.goto('/dashboard/guild')
    const rules = page.getByRole('form', { name: eventsPt.settings.title })
    await rules.getByRole('radio', { name: eventsPt.settings.rules.absent }).check()
    await rules.getByRole('button', { name: eventsPt.settings.save }).click()
    await page.getByText(eventsPt.settings.saved).waitFor()

    // Tonight's night, starting now on the guild's clock, through the events screen.
    await page.goto('/dashboard/events')
    const past = page.getByRole('table', { name: eventsPt.past.caption })
    await past.getByRole('link', { name: NIGHT }).waitFor()
    await page.getByRole('button', { name: eventsPt.add }).first().click()
    const form = page.getByRole('dialog')
    const now = guildClock(new Date())
    await form.getByLabel(eventsPt.form.name, { exact: true }).fill(NIGHT)
    await form.getByLabel(eventsPt.form.date, { exact: true }).fill(now.date)
    await form.getByLabel(eventsPt.form.startTime, { exact: true }).fill(now.time)
    await form.getByRole('button', { name: eventsPt.form.add }).click()
    await page.getByText(eventsPt.toast.created).waitFor()
    await form.waitFor({ state: 'detached' })
    const upcoming = page.getByRole('table', { name: eventsPt.upcoming.caption })
    // The visible one: a phone's copy under the name is hidden at this width.
    await upcoming.getByText(eventsPt.standing.running).filter({ visible: true }).waitFor()
    await expectAccessible(page, 'events screen (light, pt)')
    // A second night over tonight's is refused, said under its start with the night it would overlap.
    await page.getByRole('button', { name: eventsPt.add }).first().click()
    const over = page.getByRole('dialog')
    await over.getByLabel(eventsPt.form.name, { exact: true }).fill('Raid extra')
    await over.getByLabel(eventsPt.form.date, { exact: true }).fill(now.date)
    await over.getByLabel(eventsPt.form.startTime, { exact: true }).fill(now.time)
    await over.getByRole('button', { name: eventsPt.form.add }).click()
    await over.getByText(trPattern(tr(errorsPt.RAID_NIGHT_OVERLAP, { name: NIGHT }))).waitFor()
    // The browser logs the refused request; nothing else may be logged.
    const kept = consoleErrors.filter((e) => !/status of 409 .*\/raid-nights\)$/.test(e))
    consoleErrors.splice(0, consoleErrors.length, ...kept)
    await over.getByRole('button', { name: commonPt.cancel }).click()
    await over.waitFor({ state: 'detached' })
    await upcoming.getByRole('link', { name: NIGHT }).click()
    await page.waitForURL(/\/dashboard\/events\/[0-9a-f-]{36}$/)
    const nightId = page.url().split('/').at(-1)!

    // Attendance: last week's marks in one click, then the exceptions by keyboard.
    await page.getByRole('heading', { level: 1, name: NIGHT }).waitFor()
    expect(await markOf(page, 'Aria')).toBeNull()
    await page.getByRole('button', { name: trPattern(eventsPt.attendance.prefill.previous) }).click()
    // Hana, a no-show last week, is left unmarked, and the toast says so: every other row changes.
    await page.getByText(tr(eventsPt.attendance.prefill.done_other, { count: PLAYERS.length - 1 })).waitFor()
    await page.getByText(tr(eventsPt.attendance.prefill.noShowsUnmarked_one, { count: 1 })).waitFor()
    expect(await markOf(page, 'Hana')).toBeNull()
    await expect.poll(() => markOf(page, 'Lia')).toBe('excused')
    await attendanceRow(page, 'Caio').getByRole('radio', { name: eventsPt.marks.present }).focus()
    // 4 excused, 3 bench, 5 no-show: each marks the row and moves down; arrows skip Fabi and Gael.
    for (const key of ['4', '3', '5', 'ArrowDown', 'ArrowDown', '1']) await page.keyboard.press(key)
    await page.getByTestId('attendance-saving').getByText(eventsPt.attendance.saved).waitFor()
    for (const name of PLAYERS) expect(await markOf(page, name), name).toBe(TONIGHT[name])
    const totals = Object.fromEntries(
      await Promise.all(
        ['present', 'late', 'bench', 'excused', 'no_show', 'none'].map(async (key) => [
          key,
          await page.getByTestId(`total-${key}`).locator('dd').textContent(),
        ]),
      ),
    )
    expect(totals).toEqual({ present: '6', late: '1', bench: '2', excused: '2', no_show: '1', none: '0' })
    // Saved on the server, not only on the screen.
    await expect
      .poll(async () => {
        const night = await call<RaidNightDetail>('GET', `/raid-nights/${nightId}`)
        return Object.fromEntries(night.attendanceRows.map((row) => [row.playerName, row.status]))
      })
      .toEqual(TONIGHT)
    await expectAccessible(page, 'event page (light, pt)')

    // The sword: Caio (excused), Duda (bench) and Enzo (no-show) are ahead of Bruno, next tonight.
    await award(page, itemId(SWORD), SWORD, 'Bruno')
    await page
      .getByText(
        passed([
          ['Caio', 'excused', false],
          ['Duda', 'bench', false],
          ['Enzo', 'no_show', true],
        ]),
      )
      .waitFor()
    // Excused and bench keep their place; the no-show goes behind the pending players with an absence.
    await expect
      .poll(() => dashboardQueue(page))
      .toEqual(['Caio', 'Duda', 'Aria', 'Fabi', 'Gael', 'Hana', 'Enzo', 'Bruno'])
    await rowOf(page, 'Enzo')
      .getByText(tr(itemsPt.queue.counts, { received: 0, absent: 1 }))
      .waitFor()
    await rowOf(page, 'Enzo').locator('span').getByText(itemsPt.attendance.absent, { exact: true }).waitFor()
    await rowOf(page, 'Caio')
      .getByText(tr(itemsPt.queue.counts, { received: 0, absent: 0 }))
      .waitFor()
    await rowOf(page, 'Aria').getByText(itemsPt.tonight.next).waitFor()
    await page.getByText(itemsPt.note.pending).waitFor({ state: 'detached' })

    // The shield: only Gael (bench) is ahead of Hana; Enzo, behind the winner, is not passed at all.
    await award(page, itemId(SHIELD), SHIELD, 'Hana')
    await page.getByText(passed([['Gael', 'bench', false]])).waitFor()
    await expect.poll(() => dashboardQueue(page)).toEqual(['Gael', 'Enzo', 'Lia', 'Kael', 'Hana'])
    await rowOf(page, 'Enzo')
      .getByText(tr(itemsPt.queue.counts, { received: 0, absent: 0 }))
      .waitFor()
    await rowOf(page, 'Kael').getByText(itemsPt.tonight.next).waitFor()

    // The public page, read from Tokyo: the night is on, on the guild's clock (São Paulo's, twelve hours from
    // Tokyo's) and saying so, places counted among who is here, the others away.
    const raider = await newPage(journey.browser, { baseURL: journey.server.url, timezoneId: 'Asia/Tokyo' })
    try {
      await enterPublicPage(raider.page, journey.account.slug)
      await raider.page.goto(`/guilds/${journey.account.slug}?item=${itemId(SWORD)}`)
      const tonight = raider.page.getByRole('region', { name: tr(publicPt.tonight.title, { name: NIGHT }) })
      await tonight.waitFor()
      const zone = tonight.locator(`[data-zone="${DEFAULT_TIME_ZONE}"]`)
      await zone.waitFor()
      expect(await zone.textContent()).toMatch(/^\(.+\)$/)
      expect(await zone.getAttribute('title')).toBe('America/Sao Paulo (GMT-3)')
      expect(await tonight.textContent()).toContain(`${now.time} às `)
      await expect
        .poll(() => publicTonight(raider.page, SWORD))
        .toEqual([
          ['Caio', AWAY],
          ['Duda', AWAY],
          ['Aria', place(1)],
          ['Fabi', place(2)],
          ['Gael', AWAY],
          ['Hana', place(3)],
          ['Enzo', AWAY],
          ['Bruno', place(4)],
        ])
      const sword = raider.page.getByRole('list', { name: tr(publicPt.queue.listLabel, { item: SWORD }) })
      await sword.getByRole('listitem').filter({ hasText: 'Aria' }).getByText(publicPt.tonight.next).waitFor()
      await raider.page.getByRole('button', { name: new RegExp(SHIELD) }).click()
      await expect
        .poll(() => publicTonight(raider.page, SHIELD))
        .toEqual([
          ['Gael', AWAY],
          ['Enzo', AWAY],
          ['Lia', AWAY],
          ['Kael', place(1)],
          ['Hana', place(2)],
        ])
      // A player's page says the same: an outside tester's no-show, first in a queue, read "Posição 1 …
      // Nenhum jogador pendente à frente" there. Caio (excused) is first in the sword's queue and away.
      const cardOf = async (name: string, item: string) => {
        await raider.page.goto(`/guilds/${journey.account.slug}/players/${playerId(name)}`)
        return raider.page.getByTestId('queue-place').filter({ hasText: item })
      }
      const caio = await cardOf('Caio', SWORD)
      await caio.getByText(AWAY, { exact: true }).waitFor()
      await caio.getByText(standingPt.queues.awayTonight).waitFor()
      expect(await caio.textContent()).not.toContain(standingPt.queues.pendingAhead_zero)
      const kael = await cardOf('Kael', SHIELD)
      await kael.getByText(place(1), { exact: true }).waitFor()
      await kael.getByText(standingPt.queues.nextTonight).waitFor()
      expect(raider.consoleErrors).toEqual([])
    } finally {
      await raider.context.close()
    }

    // The night's page lists both awards with their notes; completing it sends one recap.
    await page.goto(`/dashboard/events/${nightId}`)
    const awards = page.getByRole('table', { name: eventsPt.night.awards.caption })
    for (const [item, winner] of [
      [SWORD, 'Bruno'],
      [SHIELD, 'Hana'],
    ] as const) {
      const row = awards.getByRole('row').filter({ hasText: item })
      await row.getByText(winner, { exact: true }).waitFor()
      // The visible one: a phone's copy under the item is hidden at this width.
      await row.getByText(NOTES[item]).filter({ visible: true }).waitFor()
    }
    expect(await page.getByTestId('total-awards').locator('dd').textContent()).toBe('2')
    // The night's start was announced on its own, by the loop every process runs every 15 s
    // (server/modules/raid-nights/night-starts.ts); a night completed before that loop saw it never is, and
    // this journey can get here within 15 s of the start.
    const startedTitle = tr(announcementsPt.night_started, { night: NIGHT })
    await expect.poll(() => embeds().map((e) => e.title), { timeout: 30_000 }).toContain(startedTitle)
    await page.getByRole('button', { name: eventsPt.actions.complete, exact: true }).click()
    const confirm = page.getByRole('alertdialog', {
      name: tr(eventsPt.confirmComplete.title, { name: NIGHT }),
    })
    await confirm.getByRole('button', { name: eventsPt.confirmComplete.confirm }).click()
    await page.getByText(eventsPt.done.complete).waitFor()
    await page.getByRole('main').getByText(eventsPt.standing.completed).first().waitFor()

    const recapTitle = tr(announcementsPt.night_recap, { night: NIGHT })
    await expect.poll(() => embeds().map((e) => e.title), { timeout: 20_000 }).toContain(recapTitle)
    const recap = embeds().find((e) => e.title === recapTitle)!
    expect(recap.description).toBe(
      [`**${SWORD}** → Bruno — ${NOTES[SWORD]}`, `**${SHIELD}** → Hana — ${NOTES[SHIELD]}`].join('\n'),
    )
    const m = announcementsPt
    expect(recap.fields).toEqual(
      expect.arrayContaining([
        {
          name: m.attendance,
          value: `${m.mark_present}: 6 · ${m.mark_late}: 1 · ${m.mark_bench}: 2 · ${m.mark_excused}: 2 · ${m.mark_noShow}: 1`,
        },
        { name: m.awards, value: '2', inline: true },
      ]),
    )
    // Its awards went only into the recap: the night sent two messages in all.
    await expect
      .poll(
        () =>
          embeds()
            .map((e) => e.title)
            .sort(),
        { timeout: 20_000 },
      )
      .toEqual([startedTitle, recapTitle].sort())

    // Enzo's page: last week present, tonight a no-show.
    await page.goto(`/dashboard/players/${playerId('Enzo')}`)
    const share = page.getByTestId('player-attendance')
    await expect
      .poll(() => share.textContent())
      .toBe(
        `${tr(standingPt.nights.label, { weeks: 8 })} ${tr(standingPt.nights.share, { percent: 50 })} ${tr(
          standingPt.nights.counted_other,
          { attended: 1, count: 2 },
        )}`,
      )

    // His moves say why he is behind in the sword's queue: passed over at tonight's night, as a no-show.
    const pass = page.getByTestId('move').filter({ hasText: SWORD })
    await pass.getByText(tr(standingPt.moves.kinds.passedAbsent, { night: NIGHT })).waitFor()
    await pass.getByText(standingPt.moves.marks.no_show).waitFor()

    // The events screen and the night's page in the dark theme (the light ones were checked on the way).
    await context.addInitScript(() => localStorage.setItem('theme', 'dark'))
    for (const [path, heading] of [
      ['/dashboard/events', eventsPt.title],
      [`/dashboard/events/${nightId}`, NIGHT],
    ] as const) {
      await page.goto(path)
      await page.getByRole('heading', { level: 1, name: heading }).waitFor()
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true)
      await expectAccessible(page, `${path} (dark)`)
    }
  }, 120_000)

  // Outside testers: the attendance keys' help ("Teclado") showed on a phone, which has no keyboard. A touch-only
  // device (no hover, a coarse pointer) hides it until a keyboard moves in the list (web/app/styles.css); a tap
  // does not bring it back; a desktop always shows it; screen readers still read it as the list's description.
  it("on a phone, hides the attendance keys' help until a keyboard is used and opens a dialog without its keyboard", async () => {
    const { page } = await journey.open({
      signIn: journey.account,
      viewport: { width: 390, height: 844 },
      touch: true,
    })
    // The night's activity log (awards, passes, marks) reads on this phone without a sideways scroll of its
    // table: outside tester K read its descriptions cut, the table 446 px wide in a 390 px screen.
    await page.goto('/dashboard/history?tab=activity')
    const activity = page.getByRole('table', { name: /Ações registradas/ })
    await activity.getByRole('row').filter({ hasText: 'Passado na vez' }).first().waitFor()
    expect(
      await activity.evaluate((table) => table.scrollWidth - table.parentElement!.clientWidth),
    ).toBeLessThanOrEqual(0)

    const call = <T>(method: 'GET' | 'POST', path: string, data?: unknown) =>
      apiAs<T>(page, journey.server.url, method, path, data)
    const touched = await call<{ id: string }>('POST', '/players', { name: 'Toque A' })
    const night = await call<RaidNight>('POST', '/raid-nights', {
      name: 'Raid no celular',
      date: '2030-02-10',
      startTime: '20:00',
    })
    const help = (on: Page) => on.getByText(eventsPt.attendance.keys.title, { exact: true })
    const open = async (on: Page) => {
      await on.goto(`/dashboard/events/${night.id}`)
      await untilHydrated(on)
      await attendanceRow(on, 'Toque A').waitFor()
    }
    await open(page)
    expect(await help(page).isVisible()).toBe(false)
    // Nor the keys' digits on the marks, until a keyboard is used.
    const digits = attendanceRow(page, 'Toque A').locator('[data-key-digit]')
    expect(await digits.first().isVisible()).toBe(false)
    const list = page.getByRole('list', { name: eventsPt.attendance.listLabel })
    expect(await list.getAttribute('aria-describedby')).toBe(
      await help(page).locator('..').getAttribute('id'),
    )
    // A finger taps the mark's label (its radio is drawn by the label).
    await attendanceRow(page, 'Toque A').locator('label').filter({ hasText: eventsPt.marks.present }).tap()
    await page.getByTestId('attendance-saving').getByText(eventsPt.attendance.saved).waitFor()
    expect(await help(page).isVisible()).toBe(false)
    // A keyboard (a tablet's): the next mark, and the help is there.
    await page.keyboard.press('ArrowRight')
    await help(page).waitFor({ state: 'visible' })
    expect(await digits.first().isVisible()).toBe(true)

    // A dialog whose first field is typed into opens with focus on the dialog on a phone: the focused field
    // raised the keyboard over the dialog at once, its button under it (outside tester K).
    const ring = await call<{ id: string }>('POST', '/items', { name: 'Anel do toque' })
    await call('POST', `/items/${ring.id}/queue`, { playerId: touched.id })
    await page.goto(`/dashboard/items?tab=queues&item=${ring.id}`)
    // The row's actions and its menu's take a finger's 44 px (32–36 px before, outside tester K).
    const height = async (target: Locator) => (await target.boundingBox())?.height ?? 0
    expect(
      await height(page.getByRole('button', { name: 'Marcar Toque A como recebido' })),
    ).toBeGreaterThanOrEqual(44)
    await page.getByRole('button', { name: 'Mais ações para Toque A' }).tap()
    const penalize = page.getByRole('menuitem', { name: 'Penalizar' })
    expect(await height(penalize)).toBeGreaterThanOrEqual(44)
    await penalize.tap()
    const penalty = page.getByRole('dialog')
    await expect.poll(() => penalty.evaluate((dialog) => dialog === document.activeElement)).toBe(true)
    expect(await penalty.getByLabel('Dias de penalidade').inputValue()).toBe('7')
    await page.keyboard.press('Escape')

    const desktop = await newPage(journey.browser, { baseURL: journey.server.url })
    try {
      await signInPage(desktop.page, journey.account)
      await open(desktop.page)
      expect(await help(desktop.page).isVisible()).toBe(true)
      expect(desktop.consoleErrors).toEqual([])
    } finally {
      await desktop.context.close()
    }
  })

  // A reload's new page is drawn by the server from the night as it is read when the reload asks for it, before
  // the old page's last marks arrive: Chromium puts the old page away (pagehide, where they leave) only once the
  // new page's answer has come. Its live stream opens after that, so it is never told of them: the page showed
  // them blank though they were saved, whenever the server drew the page quickly (a page it had drawn before;
  // the first drawing takes long enough for the debounced save to land first, which is why this step passed
  // alone and failed after another). The new page's stream, once open, says when the guild last changed, later
  // than the page's data was read: the page reads again (web/lib/realtime.ts, the first `ready`).
  // Playwright does not reliably report a request sent in pagehide (the page that sent it is gone): the server's
  // copy of the night says whether it came.
  it('keeps marks typed just before a reload: sent as the page goes, without asking, and shown after it', async () => {
    const { page } = await journey.open({ signIn: journey.account })
    const call = <T>(method: 'GET' | 'POST', path: string, data?: unknown) =>
      apiAs<T>(page, journey.server.url, method, path, data)
    const names = ['Recarga A', 'Recarga B', 'Recarga C', 'Recarga D']
    for (const name of names) await call('POST', '/players', { name })
    const night = await call<RaidNight>('POST', '/raid-nights', {
      name: 'Raid de recarga',
      date: '2030-01-10',
      startTime: '20:00',
    })
    // A question before leaving would hold the reload (and lose the marks if answered "leave" too soon).
    const asked: string[] = []
    page.on('dialog', (dialog) => {
      asked.push(dialog.type())
      void dialog.accept()
    })
    // A returning officer: the time zone the app wrote on their last visit, so the server draws their dashboard
    // pages (server/dashboard-page.ts). It draws this one once before the step's pages, as for an officer who
    // had it open: a drawing it has made before is quick, so the reload's answer comes before the debounced
    // save leaves, and the marks leave as the page goes (the first drawing is slow enough for the save to land
    // before the night is read, and the step then passed without the catch-up).
    await page
      .context()
      .addCookies([{ name: TIME_ZONE_COOKIE, value: MACHINE_ZONE, url: journey.server.url }])
    const cookie = (await page.context().cookies(journey.server.url))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ')
    const drawn = await fetch(`${journey.server.url}/dashboard/events/${night.id}`, { headers: { cookie } })
    expect(await drawn.text()).toContain('Raid de recarga')
    await page.goto(`/dashboard/events/${night.id}`)
    // Keys typed before the app has hydrated the server's page would go nowhere (it is inert until then).
    await untilHydrated(page)
    await attendanceRow(page, names[0]!).getByRole('radio', { name: eventsPt.marks.none }).focus()
    // Four marks, then the reload at once: within the pause the debounced save waits for.
    for (const key of ['1', '2', '3', '4']) await page.keyboard.press(key)
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Raid de recarga' }).waitFor()
    await untilHydrated(page)
    const marks = ['present', 'late', 'bench', 'excused'] as const
    // Saved on the server…
    await expect
      .poll(async () => {
        const saved = await call<RaidNightDetail>('GET', `/raid-nights/${night.id}`)
        return names.map((name) => saved.attendanceRows.find((row) => row.playerName === name)?.status)
      })
      .toEqual(marks)
    // …and on the screen, though the page was drawn from the night as it was before they landed.
    await expect.poll(() => Promise.all(names.map((name) => markOf(page, name)))).toEqual(marks)
    expect(asked).toEqual([])
  })
})
