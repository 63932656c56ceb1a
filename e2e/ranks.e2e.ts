import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { Item } from '@contract/items'
import type { Player } from '@contract/players'
import commonPt from '../web/locales/pt/common.json'
import guildPt from '../web/locales/pt/guild.json'
import itemsPt from '../web/locales/pt/items.json'
import publicPt from '../web/locales/pt/public.json'
import ranksPt from '../web/locales/pt/ranks.json'
import { apiAs } from './support/api'
import { axeViolations } from './support/axe'
import { newPage } from './support/browser'
import { tr } from './support/i18n'
import { setUpJourney } from './support/journey'
import { dashboardQueue, enterPublicPage } from './support/queues'

// Issue 42's ranks journey (docs/product-rules.md, "Ranks"): an admin makes three ranks on the guild page,
// the players get theirs, and a legendary goes to "Raider and above" through the item's dialog. The trial
// first in its queue stays there, marked below the minimum rank; next in line skips them on the dashboard
// and on the public page, which says why; an award to the trial is refused with the reason in words.
// Then what the public sees (docs/product-rules.md, "Public page"): a note typed for officers only never
// reaches the public page, and hiding notes on the guild page takes the others away from it while the
// dashboard's history still shows both.

const journey = setUpJourney({ signUp: true })

const ITEM = 'Lâmina Ancestral'
const RANKS = ['Raider', 'Trial', 'Social']

const rowOf = (page: Page, name: string) =>
  page.getByRole('list', { name: itemsPt.queue.listLabel }).locator(':scope > li').filter({ hasText: name })

describe('ranks journey', () => {
  it('a legendary for "Raider and above": the trial keeps the place, is skipped, and cannot receive it', async () => {
    const { page } = await journey.open({ signIn: journey.account })
    const api = <T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT', path: string, body?: unknown) =>
      apiAs<T>(page, journey.server.url, method, path, body)

    // Three ranks on the guild page, highest first.
    await page.goto('/dashboard/guild')
    for (const name of RANKS) {
      await page.getByRole('button', { name: ranksPt.add }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByLabel(ranksPt.form.name).fill(name)
      await dialog.getByRole('button', { name: ranksPt.form.add, exact: true }).click()
      await dialog.waitFor({ state: 'detached' })
    }
    const rankList = page.getByRole('list', { name: ranksPt.title })
    await expect.poll(() => rankList.getByRole('listitem').allInnerTexts()).toHaveLength(3)
    await page.getByRole('switch', { name: ranksPt.rankFirst.label }).waitFor()
    expect(await axeViolations(page, 'main', { wcagOnly: true }), 'guild page with ranks').toEqual([])

    // The roster: Aria is a trial, Bruno a raider, Caio a social; the item's queue takes them by name.
    const { ranks } = await api<{ ranks: { id: string; name: string }[] }>('GET', '/ranks')
    const rankId = (name: string) => ranks.find((r) => r.name === name)!.id
    const players: Record<string, Player> = {}
    for (const name of ['Aria', 'Bruno', 'Caio'])
      players[name] = await api<Player>('POST', '/players', { name })
    for (const [name, rank] of [
      ['Aria', 'Trial'],
      ['Bruno', 'Raider'],
      ['Caio', 'Social'],
    ] as const)
      await api('PUT', '/players-rank', { playerIds: [players[name]!.id], rankId: rankId(rank) })
    const item = await api<Item>('POST', '/items', { name: ITEM, rarity: 'legendary' })
    await api('POST', `/items/${item.id}/queue/add-all`)

    // The minimum rank, chosen in the item's dialog.
    await page.goto('/dashboard/items')
    await page.getByRole('button', { name: `Editar ${ITEM}` }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('combobox', { name: itemsPt.form.minRank }).click()
    await page.getByRole('option', { name: tr(itemsPt.form.minRankOption, { rank: 'Raider' }) }).click()
    await dialog.getByRole('button', { name: itemsPt.form.save }).click()
    await dialog.waitFor({ state: 'detached' })

    // The queue: Aria first, below the minimum; Bruno, the raider, is next.
    await page.getByRole('button', { name: `Ver fila de ${ITEM}` }).click()
    await page.waitForURL(/tab=queues/)
    await expect.poll(() => dashboardQueue(page)).toEqual(['Aria', 'Bruno', 'Caio'])
    await rowOf(page, 'Aria').getByText(itemsPt.queue.belowMinimumRank).waitFor()
    await rowOf(page, 'Bruno').getByText(itemsPt.queue.nextInLine).waitFor()
    expect(await rowOf(page, 'Aria').getByText(itemsPt.queue.nextInLine).count()).toBe(0)
    expect(await rowOf(page, 'Caio').getByText(itemsPt.queue.belowMinimumRank).count()).toBe(1)

    // Each row says its player's rank.
    for (const [name, rank] of [
      ['Aria', 'Trial'],
      ['Bruno', 'Raider'],
      ['Caio', 'Social'],
    ] as const)
      await rowOf(page, name).getByText(rank, { exact: true }).waitFor()

    // An award to the trial is not offered: "Received" is off, described by the reason; Absent stays.
    const ariaReceived = page.getByRole('button', {
      name: tr(itemsPt.actions.receivedNamed, { name: 'Aria' }),
    })
    expect(await ariaReceived.isDisabled()).toBe(true)
    const reasonId = await ariaReceived.getAttribute('aria-describedby')
    expect(await page.locator(`[id="${reasonId}"]`).textContent()).toBe(itemsPt.queue.belowMinimumRank)
    expect(
      await page
        .getByRole('button', { name: tr(itemsPt.actions.absentNamed, { name: 'Aria' }) })
        .isDisabled(),
    ).toBe(false)
    // The server still refuses it (another screen, an old page), in words, and the queue stays as it was.
    const { entries } = await api<{ entries: { id: string; playerName: string }[] }>(
      'GET',
      `/items/${item.id}/queue`,
    )
    const ariaEntry = entries.find((e) => e.playerName === 'Aria')!.id
    await expect(api('POST', `/queue-entries/${ariaEntry}/received`, {})).rejects.toThrow(
      /409 .*BELOW_MINIMUM_RANK.*/,
    )
    await expect.poll(() => dashboardQueue(page)).toEqual(['Aria', 'Bruno', 'Caio'])
    await rowOf(page, 'Bruno').getByText(itemsPt.queue.nextInLine).waitFor()

    // "Rank first" on: the header says so, naming Bruno and his rank (next by the queue's order already).
    await api('PUT', '/rank-first', { rankFirst: true })
    await page.getByText(tr(itemsPt.queue.rankFirstPicked, { name: 'Bruno', rank: 'Raider' })).waitFor()

    // The public page: the same next, and why Aria is not.
    const raider = await newPage(journey.browser, { baseURL: journey.server.url })
    try {
      await enterPublicPage(raider.page, journey.account.slug)
      await raider.page.goto(`/guilds/${journey.account.slug}?item=${item.id}`)
      const list = raider.page.getByRole('list', { name: tr(publicPt.queue.listLabel, { item: ITEM }) })
      const publicRow = (name: string) => list.getByRole('listitem').filter({ hasText: name })
      await publicRow('Bruno').getByText(publicPt.queue.next).waitFor()
      await publicRow('Aria').getByText(publicPt.queue.belowMinimumRank).waitFor()
      await publicRow('Aria')
        .getByText(tr(publicPt.queue.belowMinimumRankNamedWhy, { rank: 'Raider' }))
        .waitFor()
      expect(await publicRow('Aria').getByText(publicPt.queue.next).count()).toBe(0)
      expect(await axeViolations(raider.page, 'main', { wcagOnly: true }), 'public queue').toEqual([])
      expect(raider.consoleErrors).toEqual([])
    } finally {
      await raider.context.close()
    }
  })

  it('hides notes from the public page while the dashboard keeps them, and an officers-only note never leaves it', async () => {
    const PUBLIC_NOTE = 'Ganhou a rolagem (97)'
    const OFFICER_NOTE = 'Decidido pelos oficiais'
    const HELM = 'Elmo do Vigia'
    const { page } = await journey.open({ signIn: journey.account })
    const api = <T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) =>
      apiAs<T>(page, journey.server.url, method, path, body)

    // Two awards of a helm: one with a note for everyone, one with a note for officers only.
    for (const name of ['Duda', 'Enzo']) await api('POST', '/players', { name })
    const helm = await api<Item>('POST', '/items', { name: HELM, rarity: 'epic' })
    await api('POST', `/items/${helm.id}/queue/add-all`)
    const { entries } = await api<{ entries: { id: string; playerName: string }[] }>(
      'GET',
      `/items/${helm.id}/queue`,
    )
    const entryOf = (name: string) => entries.find((e) => e.playerName === name)!.id
    await api('POST', `/queue-entries/${entryOf('Duda')}/received`, { note: PUBLIC_NOTE })
    await api('POST', `/queue-entries/${entryOf('Enzo')}/received`, { note: OFFICER_NOTE, notePrivate: true })

    const raider = await newPage(journey.browser, { baseURL: journey.server.url })
    try {
      const publicText = async () => {
        await raider.page.goto(`/guilds/${journey.account.slug}?item=${helm.id}`)
        const list = raider.page.getByRole('list', { name: tr(publicPt.queue.listLabel, { item: HELM }) })
        await list.getByRole('listitem').filter({ hasText: 'Duda' }).waitFor()
        return raider.page.content()
      }
      await enterPublicPage(raider.page, journey.account.slug)
      // Notes are shown: the public one is there, the officers-only one nowhere in the page.
      const shown = await publicText()
      expect(shown).toContain(PUBLIC_NOTE)
      expect(shown).not.toContain(OFFICER_NOTE)

      // The admin hides notes on the guild page.
      await page.goto('/dashboard/guild')
      const visibility = page.getByRole('form', { name: guildPt.visibility.title })
      const notes = visibility.getByRole('checkbox', {
        name: guildPt.visibility.showNotes.label,
        exact: true,
      })
      expect(await notes.isChecked()).toBe(true)
      await notes.uncheck()
      await visibility.getByRole('button', { name: guildPt.visibility.save }).click()
      await page.getByText(guildPt.visibility.saved).waitFor()

      // The public page no longer has either note.
      await expect.poll(publicText).not.toContain(PUBLIC_NOTE)
      expect(await publicText()).not.toContain(OFFICER_NOTE)
      expect(raider.consoleErrors).toEqual([])
    } finally {
      await raider.context.close()
    }

    // The dashboard's history still shows both, the officers-only one marked.
    await page.goto('/dashboard/history')
    const officerRow = page.getByRole('row').filter({ hasText: OFFICER_NOTE })
    // The visible one: a phone's copy of the note under the item's name is hidden at this width.
    await officerRow.getByText(commonPt.officersOnly.mark).filter({ visible: true }).waitFor()
    await page.getByRole('row').filter({ hasText: PUBLIC_NOTE }).waitFor()
    expect(
      await page
        .getByRole('row')
        .filter({ hasText: PUBLIC_NOTE })
        .getByText(commonPt.officersOnly.mark)
        .filter({ visible: true })
        .count(),
    ).toBe(0)
  })
})
