import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { QueueView } from '@contract/queues'
import { apiAs } from './support/api'
import { signInPage } from './support/accounts'
import { axeViolations } from './support/axe'
import { setUpJourney } from './support/journey'

// Issue 7's journey: two items are marked received in the queues tab, then the history finds them by
// rarity and by player, pages through, exports CSV, and the activity log shows the actions.

const journey = setUpJourney({ signUp: true })

/** The API as the signed-in browser (e2e/support/api.ts). */
const call = <T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown) =>
  apiAs<T>(page, journey.server.url, method, path, data)

async function createItem(page: Page, name: string, rarity: string) {
  return call<{ id: string }>(page, 'POST', '/items', { name, rarity })
}

/** Marks the first entry of the queue as received, through the queues tab. */
async function markFirstReceivedInUi(page: Page, itemName: string): Promise<string> {
  await page.goto('/dashboard/items')
  await page.getByRole('button', { name: `Ver fila de ${itemName}` }).click()
  await page.waitForURL(/tab=queues/)
  const button = page.getByRole('button', { name: /^Marcar .* como recebido$/ }).first()
  const label = (await button.getAttribute('aria-label'))!
  const player = label.replace(/^Marcar (.*) como recebido$/, '$1')
  await button.click()
  await page.getByText(`${player} recebeu o item e foi para trás dos jogadores pendentes`).waitFor()
  return player
}

const lootTable = (page: Page) => page.getByRole('table', { name: /Itens distribuídos/ })
const lootItems = async (page: Page) =>
  (await lootTable(page).locator('tbody tr td:first-child').allInnerTexts()).map((t) => t.split('\n')[0])

describe('history journey', () => {
  it('finds what was handed out, by rarity and player, across pages, and the actions behind it', async () => {
    const { page } = await journey.open({ signIn: journey.account })

    // A guild with three players and three items in queue.
    for (const name of ['Aria', 'Bruno', 'Çeres']) await call(page, 'POST', '/players', { name })
    const sword = await createItem(page, 'Espada Lendária', 'legendary')
    const shield = await createItem(page, 'Escudo Épico', 'epic')
    const potion = await createItem(page, 'Poção Comum', 'common')
    for (const item of [sword, shield, potion]) await call(page, 'POST', `/items/${item.id}/queue/add-all`)

    // Two items received through the queues tab, as a guild officer would.
    const swordWinner = await markFirstReceivedInUi(page, 'Espada Lendária')
    const shieldWinner = await markFirstReceivedInUi(page, 'Escudo Épico')

    // Enough more distributions for a second page, through the API.
    for (let i = 0; i < 21; i++) {
      const queue = await call<QueueView>(page, 'GET', `/items/${potion.id}/queue`)
      await call(page, 'POST', `/queue-entries/${queue.entries[0]!.id}/received`)
    }

    await page.goto('/dashboard/history')
    await page.getByRole('heading', { name: 'Histórico', level: 1 }).waitFor()
    const stats = page.getByRole('region', { name: 'Resumo do histórico' })
    await expect
      .poll(async () =>
        (await stats.locator('.rounded-xl').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ')),
      )
      .toEqual([
        'Itens distribuídos 23',
        'Jogadores contemplados 3',
        'Épicos ou lendários distribuídos 2',
        'Dias com atividade 1',
      ])
    await page.getByText('Mostrando 1-20 de 23 registros').waitFor()
    await page.getByText('Página 1 de 2').waitFor()
    expect(await axeViolations(page, 'main')).toEqual([])

    // Page through (by keyboard): the two UI distributions are the oldest, on page 2.
    const next = page.getByRole('button', { name: 'Próxima' })
    await next.focus()
    await page.keyboard.press('Enter')
    await page.getByText('Mostrando 21-23 de 23 registros').waitFor()
    await page.getByText('Página 2 de 2').waitFor()
    await expect.poll(() => lootItems(page)).toEqual(['Poção Comum', 'Escudo Épico', 'Espada Lendária'])
    const swordRow = lootTable(page).getByRole('row').filter({ hasText: 'Espada Lendária' })
    await swordRow.getByText(swordWinner).waitFor()
    // Visible ones only: on a phone the rarity, date and note are shown under the item instead (CSS hides one).
    await swordRow.getByText('Lendário').filter({ visible: true }).waitFor()
    await swordRow.getByText('#1').waitFor()
    // The last page disables "Next": it keeps keyboard focus (web/components/ui/button.tsx), not <body>.
    expect(await next.isDisabled()).toBe(true)
    expect(await next.evaluate((el) => el === document.activeElement)).toBe(true)
    await page.getByRole('button', { name: 'Anterior' }).click()
    await page.getByText('Mostrando 1-20 de 23 registros').waitFor()

    // Rarity filter: back to page 1, only the legendary sword.
    await page.getByRole('combobox', { name: 'Raridade' }).click()
    await page.getByRole('option', { name: 'Lendário' }).click()
    await page.waitForURL(/rarity=legendary/)
    await expect.poll(() => lootItems(page)).toEqual(['Espada Lendária'])
    expect(await page.getByText(/^Mostrando/).count()).toBe(0)
    await page.getByRole('combobox', { name: 'Raridade' }).click()
    await page.getByRole('option', { name: 'Todas as raridades' }).click()

    // Search by player, ignoring case and accents; then a search with no result. Each player received the
    // potion 7 times (21 receipts rotating over 3), plus the sword and the shield for whoever was first.
    const receiptsOf = (player: string) => 7 + [swordWinner, shieldWinner].filter((w) => w === player).length
    /** How many rows the table shows, and how many of them name `player`: equal and non-zero when filtered. */
    const rowsNaming = async (player: string) => {
      const rows = await lootTable(page).locator('tbody tr').allInnerTexts()
      return { rows: rows.length, naming: rows.filter((t) => t.includes(player)).length }
    }
    const search = page.getByRole('searchbox', { name: 'Buscar' })
    await search.fill(shieldWinner.toUpperCase())
    await expect
      .poll(() => rowsNaming(shieldWinner))
      .toEqual({ rows: receiptsOf(shieldWinner), naming: receiptsOf(shieldWinner) })
    await expect.poll(() => lootItems(page)).toContain('Escudo Épico')
    await search.fill('ceres')
    await page.waitForURL(/q=ceres/)
    await expect
      .poll(() => rowsNaming('Çeres'))
      .toEqual({ rows: receiptsOf('Çeres'), naming: receiptsOf('Çeres') })
    await search.fill('ninguém-com-esse-nome')
    await page.getByText('Nenhum resultado encontrado').waitFor()
    await page.getByRole('button', { name: 'Limpar busca' }).click()
    await page.getByText('Mostrando 1-20 de 23 registros').waitFor()

    // The admin exports the filtered history: a UTF-8 file with BOM and Portuguese headers, its dates on the
    // guild's time zone (the default), which the date column names.
    await page.getByRole('combobox', { name: 'Raridade' }).click()
    await page.getByRole('option', { name: 'Épico' }).click()
    await expect.poll(() => lootItems(page)).toEqual(['Escudo Épico'])
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /Exportar CSV do histórico de distribuição/ }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^historico-distribuicao-.*\.csv$/)
    const csv = readFileSync((await download.path())!, 'utf8')
    expect(
      csv.startsWith(
        '\uFEFFData (America/Sao_Paulo);Item;Raridade;Tipo;Jogador;Posição anterior;Distribuído por;Observações;Só oficiais\r\n',
      ),
    ).toBe(true)
    expect(csv.trim().split('\r\n')).toHaveLength(2)
    expect(csv).toContain(`;Escudo Épico;Épico;;${shieldWinner};1;${journey.account.displayName};`)

    // The activity log: back to page 1 with the same search, and every received item is there.
    await page.getByRole('tab', { name: 'Registro de atividades' }).click()
    await page.waitForURL(/tab=activity/)
    const activity = page.getByRole('table', { name: /Ações registradas/ })
    await activity.getByRole('row').first().waitFor()
    await search.fill('Espada')
    const received = activity.getByRole('row').filter({ hasText: 'Item recebido' })
    await expect.poll(() => received.count()).toBe(1)
    await received.getByText(journey.account.displayName).waitFor()
    await received.getByText(`Espada Lendária → ${swordWinner} (#1)`).waitFor()
    await search.fill('')
    await page.getByText('Página 1 de 2').waitFor()
    // Newest first: page 1 is the run of receipts, page 2 how the guild was set up.
    await expect
      .poll(() => activity.getByText('Item recebido', { exact: true }).filter({ visible: true }).count())
      .toBe(20)
    await page.getByRole('button', { name: 'Próxima' }).click()
    await page.getByText('Página 2 de 2').waitFor()
    for (const label of ['Item recebido', 'Todos adicionados à fila', 'Item criado', 'Jogador criado']) {
      await expect
        .poll(() => activity.getByText(label, { exact: true }).count(), { message: label })
        .toBeGreaterThan(0)
    }
    expect(await axeViolations(page, 'main')).toEqual([])
  })

  it('fits a 360 px phone in the dark theme: no sideways page scroll, readable rarity badges', async () => {
    const { page } = await journey.open({ viewport: { width: 360, height: 740 } })
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'))
    await signInPage(page, journey.account)
    // Page 2 holds the common, epic and legendary rows.
    await page.goto('/dashboard/history?page=2')
    await lootTable(page).getByText('Lendário').filter({ visible: true }).waitFor()
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    expect(await axeViolations(page, 'main')).toEqual([])
  })
})
