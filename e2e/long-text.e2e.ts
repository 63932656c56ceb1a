import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DEFAULT_TIME_ZONE } from '@contract/raid-nights'
import { zonedParts } from '../contract/zoned-time'
import eventsEn from '../web/locales/en/events.json'
import historyEn from '../web/locales/en/history.json'
import itemsEn from '../web/locales/en/items.json'
import publicEn from '../web/locales/en/public.json'
import eventsPt from '../web/locales/pt/events.json'
import historyPt from '../web/locales/pt/history.json'
import itemsPt from '../web/locales/pt/items.json'
import { tr } from './support/i18n'
import { apiAs } from './support/api'
import { setUpJourney } from './support/journey'
import { type TableReach, tablesReach } from './support/tables'

// Names, notes and reasons as long as the forms take, written without a space (a pasted link, a guild's
// joke): every screen that shows them wraps or cuts them inside its own box. An exploratory test found the
// players page, the queue, a night's page and the public page pushed sideways, their buttons off screen, and
// the yearly plan's saving past its box on the subscription page (2026-12-06).

const journey = setUpJourney({ signUp: true })
const GUILD_PASSWORD = 'raid-night' // set at sign-up by the accounts helper

const PLAYER = `Jogador${'W'.repeat(73)}` // 80 characters, the most a name takes
const ITEM = `Espada${'M'.repeat(114)}` // 120
const NOTE = 'nota longa '.repeat(30).trim() // words, as an officer writes them
const REASON = `https://example.com/${'x'.repeat(450)}` // a penalty's reason, one unbroken "word"
const NIGHT = `Noite${'N'.repeat(115)}` // a raid night's name, 120 characters

const api = <T>(page: Page, method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown) =>
  apiAs<T>(page, journey.server.url, method, path, data)

/** How far the page scrolls sideways, in CSS pixels (0: it fits the window). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

/** The dashboard in `language` from the next page on: the profile's, the cookie's and the browser's choice. */
async function speak(page: Page, language: 'pt' | 'en') {
  await page.context().addInitScript((lang) => localStorage.setItem('language', lang), language)
  await page.context().addCookies([{ name: 'lq_lang', value: language, url: journey.server.url }])
  await api(page, 'PATCH', '/me/profile', { language })
}

describe('text inside its box', () => {
  it('long names and notes keep every screen inside the window, wide and on a phone', async () => {
    const { page } = await journey.open({ signIn: journey.account })
    const player = await api<{ id: string }>(page, 'POST', '/players', { name: PLAYER, notes: NOTE })
    await api(page, 'POST', '/players', { name: 'Aria' })
    const item = await api<{ id: string }>(page, 'POST', '/items', { name: ITEM, rarity: 'legendary' })
    await api(page, 'POST', `/items/${item.id}/queue/add-all`)
    const queue = await api<{ entries: { id: string; playerId: string }[] }>(
      page,
      'GET',
      `/items/${item.id}/queue`,
    )
    const entry = queue.entries.find((e) => e.playerId === player.id)!
    await api(page, 'POST', `/queue-entries/${entry.id}/penalty`, { days: 3, note: REASON })
    const night = await api<{ id: string }>(page, 'POST', '/raid-nights', {
      name: NIGHT,
      date: '2030-01-10',
      startTime: '20:00',
    })

    const screens = [
      { path: '/dashboard/players', shows: page.getByRole('table', { name: 'Jogadores da guild' }) },
      { path: '/dashboard/items', shows: page.getByRole('table', { name: 'Itens da guild' }) },
      {
        path: `/dashboard/items?tab=queues&item=${item.id}`,
        shows: page.getByRole('list', { name: 'Fila do item' }).getByText(REASON),
      },
      {
        path: `/dashboard/players/${player.id}`,
        shows: page.getByRole('heading', { level: 1, name: PLAYER }),
      },
      { path: '/dashboard/events', shows: page.getByRole('link', { name: NIGHT }) },
      { path: `/dashboard/events/${night.id}`, shows: page.getByText(PLAYER) },
    ]
    /** How far each screen scrolls sideways, by screen and width: all of them 0. */
    const overflow: Record<string, number> = {}
    /** Each screen's tables, by screen and width: every column in view at 1440 px, every row control on screen. */
    const tables: Record<string, Record<string, TableReach>> = {}
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport)
      for (const screen of screens) {
        await page.goto(screen.path)
        await screen.shows.first().waitFor()
        overflow[`${screen.path} at ${viewport.width}px`] = await sideways(page)
        tables[`${screen.path} at ${viewport.width}px`] = await tablesReach(page)
      }
    }

    // The public page, as a member reads it.
    await page.goto(`/guilds/${journey.account.slug}?item=${item.id}`)
    await page.getByLabel('Senha da guild').fill(GUILD_PASSWORD)
    await page.getByRole('button', { name: 'Entrar' }).click()
    await page.getByText('Acesso autorizado!').waitFor()
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 })
      await page.getByText(PLAYER).first().waitFor()
      overflow[`public page at ${width}px`] = await sideways(page)
    }
    expect(overflow).toEqual(Object.fromEntries(Object.keys(overflow).map((screen) => [screen, 0])))
    // A long name wraps in its cell: at 1440 px no table scrolls inside its box (the players table's status,
    // date and actions were pushed out by an 80-character name), and at either width every row control is on
    // screen.
    const hidden = Object.entries(tables).flatMap(([at, reach]) =>
      Object.entries(reach).flatMap(([caption, table]) => [
        ...table.offScreen.map((control) => `${at}, ${caption}: ${control} off screen`),
        ...(at.endsWith(' 1440px') && table.scrolls > 0
          ? [`${at}, ${caption}: scrolls ${table.scrolls}px`]
          : []),
      ]),
    )
    expect(hidden).toEqual([])
  })
  it('keeps every table whole on a phone: names and row actions in view, no sideways swipe', async () => {
    const { page } = await journey.open({ signIn: journey.account })
    const player = await api<{ id: string }>(page, 'POST', '/players', { name: 'Ana Oficial', notes: NOTE })
    const item = await api<{ id: string }>(page, 'POST', '/items', { name: 'Cetro Rúnico', rarity: 'epic' })
    await api(page, 'POST', `/items/${item.id}/queue/add-all`)
    const queue = await api<{ entries: { id: string; playerId: string }[] }>(
      page,
      'GET',
      `/items/${item.id}/queue`,
    )
    await api(
      page,
      'POST',
      `/queue-entries/${queue.entries.find((e) => e.playerId === player.id)!.id}/received`,
    )
    // A week after the first test's night (the same guild): one night at a time.
    await api(page, 'POST', '/raid-nights', {
      name: 'Raid de quinta',
      date: '2030-01-17',
      startTime: '20:00',
    })
    await api(page, 'POST', '/invitations', { email: 'convidada@example.com', displayName: 'Convidada' })

    await page.setViewportSize({ width: 390, height: 844 })
    /** Each screen's tables, and the row action that must be on screen in the first one. */
    const screens = [
      { path: '/dashboard/players', action: 'Ações para Ana Oficial' },
      { path: '/dashboard/users', action: 'Cancelar o convite de convidada@example.com' },
      { path: '/dashboard/events', action: 'Mais ações para Raid de quinta' },
      { path: '/dashboard/history', action: null },
      { path: '/dashboard/history?tab=activity', action: null },
      { path: '/dashboard/items', action: 'Ações para Cetro Rúnico' },
    ]
    const reach: Record<string, Record<string, TableReach>> = {}
    for (const screen of screens) {
      await page.goto(screen.path)
      await page.locator('tbody tr').first().waitFor()
      if (screen.action) await page.getByRole('button', { name: screen.action }).waitFor()
      reach[screen.path] = await tablesReach(page)
    }
    // Every table fits the phone's width (0: no sideways scroll inside its box) with its controls on screen.
    const problems = Object.entries(reach).flatMap(([path, tables]) =>
      Object.entries(tables).flatMap(([caption, table]) => [
        ...(table.scrolls > 0 ? [`${path}, ${caption}: scrolls ${table.scrolls}px`] : []),
        ...table.offScreen.map((control) => `${path}, ${caption}: ${control} off screen`),
      ]),
    )
    expect(problems).toEqual([])
    expect(Object.values(reach).flatMap(Object.keys)).toEqual([
      'Jogadores da guild',
      'Convites',
      'Usuários da guild',
      'Próximos eventos',
      expect.stringMatching(/^Itens distribuídos/),
      expect.stringMatching(/^Ações registradas/),
      'Itens da guild',
    ])
  })

  it("keeps the history's filters and its export apart, with a long event's name, wide and on a phone", async () => {
    const { page } = await journey.open({ signIn: journey.account })
    // The outside test's night, whose name and date ran under "Exportar CSV" at 1366 px, and one as long as a
    // name goes.
    const sunday = await api<{ id: string }>(page, 'POST', '/raid-nights', {
      name: 'Raid de domingo',
      date: '2026-12-06',
      startTime: '20:00',
    })
    const long = await api<{ id: string }>(page, 'POST', '/raid-nights', {
      name: NIGHT,
      date: '2030-01-12',
      startTime: '20:00',
    })
    const controls = {
      search: page.getByRole('searchbox', { name: 'Buscar' }),
      rarity: page.getByRole('combobox', { name: 'Raridade' }),
      event: page.getByRole('combobox', { name: 'Evento' }),
      export: page.getByRole('button', { name: /^Exportar CSV/ }),
    }
    type Box = { left: number; right: number; top: number; bottom: number }
    /** A control's box, and for a list its text's and its arrow's, and whether its text is cut. */
    const measure = (name: keyof typeof controls) =>
      controls[name].evaluate((el) => {
        const box = (of: Element | null) => {
          if (!of) return null
          const r = of.getBoundingClientRect()
          return { left: r.left, right: r.right, top: r.top, bottom: r.bottom }
        }
        const text = el.querySelector(':scope > span')
        return {
          box: box(el)!,
          text: box(text),
          arrow: box(el.querySelector(':scope > svg')),
          cut: text ? text.scrollWidth > text.clientWidth : false,
        }
      })
    const overlap = (a: Box, b: Box) =>
      a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5

    const problems: string[] = []
    const overflow: Record<string, number> = {}
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 800 })
      for (const [night, name, tab] of [
        [sunday.id, 'Raid de domingo', 'loot'],
        [long.id, NIGHT, 'loot'],
        [long.id, NIGHT, 'activity'],
      ] as const) {
        const at = `${tab}, ${name === NIGHT ? 'a long name' : name}, ${width}px`
        await page.goto(`/dashboard/history?tab=${tab}&event=${night}`)
        await controls.event.filter({ hasText: name }).waitFor()
        const shown = (Object.keys(controls) as (keyof typeof controls)[]).filter(
          (key) => key !== 'rarity' || tab === 'loot',
        )
        const boxes = await Promise.all(shown.map(async (key) => [key, await measure(key)] as const))
        for (const [i, [key, m]] of boxes.entries()) {
          if (m.box.left < 0 || m.box.right > width) problems.push(`${at}: ${key} past the window`)
          for (const [other, n] of boxes.slice(i + 1))
            if (overlap(m.box, n.box)) problems.push(`${at}: ${key} overlaps ${other}`)
          if (m.arrow && (m.arrow.left < m.box.left || m.arrow.right > m.box.right))
            problems.push(`${at}: ${key}'s arrow out of its box`)
          if (m.arrow && m.text && m.text.right > m.arrow.left + 0.5)
            problems.push(`${at}: ${key}'s text runs under its arrow`)
        }
        // A name as long as names go is cut (with an ellipsis, inside the box); a usual one is read whole.
        const event = boxes.find(([key]) => key === 'event')![1]
        if (name !== NIGHT && width === 1366 && event.cut) problems.push(`${at}: the event's name is cut`)
        overflow[at] = await sideways(page)
      }
    }
    expect(problems).toEqual([])
    expect(overflow).toEqual(Object.fromEntries(Object.keys(overflow).map((at) => [at, 0])))
  })

  it("keeps the yearly plan's saving inside its box on the subscription page", async () => {
    const { page } = await journey.open({ signIn: journey.account })
    for (const width of [1440, 1024, 390]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/dashboard/subscription')
      const saving = page.getByText('2 meses grátis')
      await saving.waitFor()
      const box = (await page.locator('label', { has: saving }).boundingBox())!
      const badge = (await saving.boundingBox())!
      expect(badge.x + badge.width, `at ${width}px`).toBeLessThanOrEqual(box.x + box.width)
    }
  })

  // An outside test on a 390 px phone (2026-12-06): in a guild with ranks the players table was wider than its
  // box, the row's "Ações" button off screen until the table was scrolled sideways, and the "Selecionar" column
  // was as wide as its heading, not its checkbox.
  it('with ranks, the players table keeps its row actions on a phone, its select column as wide as its box', async () => {
    const { page } = await journey.open({ signIn: journey.account })
    await api(page, 'POST', '/ranks', { name: 'Raider' })
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/dashboard/players')
    const table = page.getByRole('table', { name: 'Jogadores da guild' })
    await table.getByRole('checkbox', { name: 'Selecionar Aria' }).waitFor()
    await table.getByRole('button', { name: 'Ações para Aria' }).waitFor()
    const reach = (await tablesReach(page))['Jogadores da guild']!
    expect(reach.offScreen).toEqual([])
    expect(reach.scrolls).toBe(0)
    // The column's heading is still there for screen readers; it no longer widens the column.
    const heading = table.getByRole('columnheader', { name: 'Selecionar' })
    const box = await table.getByRole('checkbox', { name: 'Selecionar Aria' }).boundingBox()
    expect((await heading.boundingBox())!.width).toBeLessThanOrEqual(box!.width + 24)
  })

  // An outside test on a 390 px phone in English (2026-12-06): "Penalized until 12/20/2026, 11:20 PM" was one
  // unbreakable line of ~270 px, and the public queue and player page scrolled sideways (406 and 414 px).
  it('a penalty badge with its date and time wraps on a phone in English, on every screen that shows it', async () => {
    const { page, context } = await journey.open({ signIn: journey.account })
    const player = await api<{ id: string }>(page, 'POST', '/players', { name: 'Gwendolyn' })
    const item = await api<{ id: string }>(page, 'POST', '/items', { name: 'Orbe', rarity: 'epic' })
    await api(page, 'POST', `/items/${item.id}/queue`, { playerId: player.id })
    const queue = await api<{ entries: { id: string }[] }>(page, 'GET', `/items/${item.id}/queue`)
    // Until a day of two digits in a month of two digits: the longest the English date gets.
    const now = new Date()
    let days = 1
    for (; days < 365; days++) {
      const until = new Date(now.getTime() + days * 86_400_000)
      if (until.getMonth() >= 9 && until.getDate() >= 10) break
    }
    await api(page, 'POST', `/queue-entries/${queue.entries[0]!.id}/penalty`, { days, note: 'Saiu da raid' })
    await context.addInitScript(() => localStorage.setItem('language', 'en'))
    await context.addCookies([{ name: 'lq_lang', value: 'en', url: journey.server.url }])
    await api(page, 'PATCH', '/me/profile', { language: 'en' })
    await page.setViewportSize({ width: 390, height: 844 })
    const badge = page.getByText(/^Penalized until \d\d\/\d\d\/\d{4}, /)
    const overflow: Record<string, number> = {}
    for (const path of [`/dashboard/items?tab=queues&item=${item.id}`, `/dashboard/players/${player.id}`]) {
      await page.goto(path)
      await badge.first().waitFor()
      overflow[path] = await sideways(page)
    }
    await page.goto(`/guilds/${journey.account.slug}?item=${item.id}`)
    await page.getByLabel(publicEn.gate.password).fill(GUILD_PASSWORD)
    await page.getByRole('button', { name: publicEn.gate.submit }).click()
    await badge.first().waitFor()
    overflow['public queue'] = await sideways(page)
    await page.goto(`/guilds/${journey.account.slug}/players/${player.id}`)
    await badge.first().waitFor()
    overflow['public player page'] = await sideways(page)
    await api(page, 'PATCH', '/me/profile', { language: 'pt' })
    expect(overflow).toEqual(Object.fromEntries(Object.keys(overflow).map((screen) => [screen, 0])))
  })
  // An outside test on a 390 px phone (2026-12-07), a raid night running: the queue's banner drew its title
  // ("Hoje: Molten Core 🔥 noite 1") over its "Abrir o evento" link, and the night's "Itens distribuídos" table
  // was 629 px wide in a 390 px screen, its time column and most of each note out of sight with nothing
  // saying it scrolled.
  it("a running night on a phone: the queue's banner keeps its link clear of its title, each award is read whole", async () => {
    const { page } = await journey.open({ signIn: journey.account })
    // A guild runs one night at a time: an earlier test's night may be running now (a dated one, on its day).
    const { nights } = await api<{ nights: { id: string; phase: string }[] }>(page, 'GET', '/raid-nights')
    for (const running of nights.filter((n) => n.phase === 'running'))
      await api(page, 'POST', `/raid-nights/${running.id}/status`, { action: 'complete' })
    const now = zonedParts(new Date(), DEFAULT_TIME_ZONE)
    const night = await api<{ id: string }>(page, 'POST', '/raid-nights', {
      name: 'Molten Core 🔥 noite 1',
      date: now.date,
      startTime: now.time,
    })
    for (const name of ['Garrosh', 'Çérébro Ñandú']) await api(page, 'POST', '/players', { name })
    const item = await api<{ id: string }>(page, 'POST', '/items', {
      name: 'Thunderfury',
      rarity: 'legendary',
    })
    await api(page, 'POST', `/items/${item.id}/queue/add-all`)
    const queue = await api<{ entries: { id: string; playerName: string }[] }>(
      page,
      'GET',
      `/items/${item.id}/queue`,
    )
    const notes = { Garrosh: 'Melhor DPS da noite 🔥 — BiS', 'Çérébro Ñandú': NOTE }
    for (const [name, note] of Object.entries(notes))
      await api(
        page,
        'POST',
        `/queue-entries/${queue.entries.find((e) => e.playerName === name)!.id}/received`,
        {
          note,
        },
      )

    type Box = { left: number; right: number; top: number; bottom: number }
    const problems: string[] = []
    for (const [language, items, events] of [
      ['pt', itemsPt, eventsPt],
      ['en', itemsEn, eventsEn],
    ] as const) {
      await speak(page, language)
      for (const name of [
        'Molten Core 🔥 noite 1',
        'Noite de Molten Core e Blackwing Lair 🔥 com os alts',
        NIGHT,
      ]) {
        await api(page, 'PATCH', `/raid-nights/${night.id}`, { name })
        await page.setViewportSize({ width: 390, height: 844 })
        await page.goto(`/dashboard/items?tab=queues&item=${item.id}`)
        const banner = page.getByRole('region', { name: tr(items.tonight.title, { name }) })
        const link = banner.getByRole('link', { name: items.tonight.open })
        await link.waitFor()
        // Every line of the banner's text, the link's aside: none of them crosses the link or the banner's edge.
        const { lines, linkBox, box } = await banner.evaluate((section) => {
          const rect = (r: DOMRect) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom })
          const anchor = section.querySelector('a')!
          const walker = document.createTreeWalker(section, NodeFilter.SHOW_TEXT)
          const lines: { text: string; box: ReturnType<typeof rect> }[] = []
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (anchor.contains(node) || !node.textContent?.trim()) continue
            const range = document.createRange()
            range.selectNodeContents(node)
            for (const r of range.getClientRects()) lines.push({ text: node.textContent, box: rect(r) })
          }
          return {
            lines,
            linkBox: rect(anchor.getBoundingClientRect()),
            box: rect(section.getBoundingClientRect()),
          }
        })
        const at = `${language}, "${name.slice(0, 24)}"`
        const crosses = (a: Box, b: Box) =>
          a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5
        for (const line of lines) {
          if (crosses(line.box, linkBox)) problems.push(`${at}: "${line.text.slice(0, 30)}" over the link`)
          if (line.box.right > box.right + 0.5)
            problems.push(`${at}: "${line.text.slice(0, 30)}" past the banner`)
        }
        if (linkBox.right > 390) problems.push(`${at}: the link past the window`)
        if ((await sideways(page)) > 0) problems.push(`${at}: the queue scrolls sideways`)
      }

      // The night's awards: on a phone each one whole, its player, note and time in view, nothing to swipe.
      await page.goto(`/dashboard/events/${night.id}`)
      const awards = page.getByRole('table', { name: events.night.awards.caption })
      await awards.getByText('Garrosh', { exact: true }).first().waitFor()
      const reach = (await tablesReach(page))[events.night.awards.caption]!
      if (reach.scrolls > 0) problems.push(`${language}: the awards scroll ${reach.scrolls}px sideways`)
      const shown = await awards.evaluate((table) => {
        const width = document.documentElement.clientWidth
        const seen = (el: Element) => {
          const r = el.getBoundingClientRect()
          return el.getClientRects().length > 0 && r.left >= 0 && r.right <= width + 0.5
        }
        return {
          times: [...table.querySelectorAll('tbody time')].filter(seen).length,
          text: [...table.querySelectorAll('tbody td *, tbody td')]
            .filter((el) => el.getClientRects().length > 0 && !seen(el))
            .map((el) => el.textContent?.slice(0, 30)),
        }
      })
      if (shown.times !== 2) problems.push(`${language}: ${shown.times} of 2 award times in view`)
      for (const text of shown.text) problems.push(`${language}: "${text}" past the window`)
      for (const note of Object.values(notes))
        if (!(await awards.getByText(note).filter({ visible: true }).count()))
          problems.push(`${language}: the note "${note.slice(0, 20)}" not shown`)
      if ((await sideways(page)) > 0) problems.push(`${language}: the night's page scrolls sideways`)

      // The desktop table is unchanged: its four columns, each award on one row.
      await page.setViewportSize({ width: 1280, height: 900 })
      const headings = await awards.getByRole('columnheader').filter({ visible: true }).allInnerTexts()
      expect(headings, language).toEqual([
        events.night.awards.item,
        events.night.awards.player,
        events.night.awards.note,
        expect.stringMatching(new RegExp(`^${events.night.awards.time}`)),
      ])
    }
    await speak(page, 'pt')
    expect(problems).toEqual([])
  }, 180_000)

  // An outside test at 1280 px (2026-12-07): the history's search read "Buscar por item ou jogad", its
  // placeholder cut by its own box.
  it("shows the history search's whole placeholder, in both languages, wide and on a phone", async () => {
    const { page } = await journey.open({ signIn: journey.account })
    const problems: string[] = []
    for (const [language, texts] of [
      ['pt', historyPt],
      ['en', historyEn],
    ] as const) {
      await speak(page, language)
      for (const width of [1440, 1280, 1024, 768, 390]) {
        await page.setViewportSize({ width, height: 900 })
        for (const tab of ['loot', 'activity'] as const) {
          await page.goto(`/dashboard/history?tab=${tab}`)
          const placeholder = tab === 'loot' ? texts.filters.searchLoot : texts.filters.searchActivity
          const search = page.getByRole('searchbox', { name: texts.filters.searchLabel })
          await search.and(page.getByPlaceholder(placeholder)).waitFor()
          // The placeholder's width in the box's own font, against the room between its paddings.
          const { needs, room } = await search.evaluate((input: HTMLInputElement) => {
            const style = getComputedStyle(input)
            const context = document.createElement('canvas').getContext('2d')!
            context.font = style.font
            return {
              needs: context.measureText(input.placeholder).width,
              room: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
            }
          })
          if (needs > room)
            problems.push(
              `${language}, ${tab}, ${width}px: needs ${Math.ceil(needs)}px, has ${Math.floor(room)}px`,
            )
        }
      }
    }
    await speak(page, 'pt')
    expect(problems).toEqual([])
  }, 180_000)
})
