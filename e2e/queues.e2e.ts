import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { LootHistoryPage } from '@contract/history'
import { apiAs } from './support/api'
import { axeViolations } from './support/axe'
import { untilHydrated } from './support/hydrated'
import { setUpJourney } from './support/journey'

// Issue 4's journey: players and an item are created through the screens, a queue is filled, worked,
// undone and reordered by mouse and by keyboard, and the order survives a reload.

const journey = setUpJourney({ signUp: true })

/** No axe-core violations (WCAG 2.1 A and AA rules) in this screen's content and its dialogs. */
async function expectAccessible(page: Page, what: string) {
  const scope = 'main, [role="dialog"], [role="alertdialog"]'
  expect(await axeViolations(page, scope, { wcagOnly: true }), what).toEqual([])
}

const queueRows = (page: Page) => page.getByRole('list', { name: 'Fila do item' }).locator(':scope > li')

/** Player names in queue order, as shown. */
async function queueOrder(page: Page): Promise<string[]> {
  const handles = await queueRows(page)
    .getByRole('button', { name: /^Arrastar / })
    .all()
  return Promise.all(
    handles.map(async (h) =>
      (await h.getAttribute('aria-label'))!.replace(/^Arrastar (.*) \(posição \d+\)$/, '$1'),
    ),
  )
}

const rowOf = (page: Page, name: string): Locator => queueRows(page).filter({ hasText: name })
const reorderWritten = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith('/queue/order') && r.request().method() === 'PUT')

async function addPlayer(page: Page, name: string) {
  await page.getByRole('button', { name: 'Adicionar jogador' }).first().click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Nome do personagem').fill(name)
  await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
  await dialog.waitFor({ state: 'detached' })
  await page.getByRole('table', { name: 'Jogadores da guild' }).getByText(name, { exact: true }).waitFor()
}

describe('loot queue journey', () => {
  it('fills a queue, works it, undoes, drags by mouse and keyboard, and keeps the order', async () => {
    const { page } = await journey.open({ signIn: journey.account })

    // Players: three active ones, one expelled (listed apart, never offered to a queue).
    await page.goto('/dashboard/players')
    for (const name of ['Aria', 'Bruno', 'Caio', 'Duda']) await addPlayer(page, name)
    await page.getByRole('button', { name: 'Editar Duda' }).click()
    await page.getByRole('dialog').getByRole('combobox', { name: 'Status' }).click()
    await page.getByRole('option', { name: 'Expulso' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Salvar' }).click()
    await page.getByRole('table', { name: 'Jogadores expulsos' }).getByText('Duda').waitFor()
    await expectAccessible(page, 'players page')

    // An item, legendary, through the add-item dialog.
    // The items page's first load carries what it shows (issue 45): not the add-item form nor the queues
    // tab, which load when first opened, and no module hints added by the app on top of the document's.
    const scripts: string[] = []
    const recordScript = (request: { url: () => string }) => {
      if (request.url().endsWith('.js')) scripts.push(new URL(request.url()).pathname)
    }
    page.on('request', recordScript)
    const items = await page.goto('/dashboard/items')
    await page.getByRole('button', { name: 'Adicionar item' }).first().waitFor()
    const hintsInDocument = ((await items!.text()).match(/rel="modulepreload"/g) ?? []).length
    expect(await page.locator('link[rel="modulepreload"]').count()).toBe(hintsInDocument)
    expect(scripts.filter((s) => /\/(queues-tab|item-form-dialog)-[\w-]+\.js$/.test(s))).toEqual([])
    await page.getByRole('button', { name: 'Adicionar item' }).first().click()
    await page.getByRole('dialog').waitFor()
    expect(scripts.some((s) => /\/item-form-dialog-[\w-]+\.js$/.test(s))).toBe(true)
    page.off('request', recordScript)
    const itemDialog = page.getByRole('dialog')
    await itemDialog.getByLabel('Nome do item').fill('  Espada Lendária ')
    await itemDialog.getByRole('combobox', { name: 'Raridade' }).click()
    await page.getByRole('option', { name: 'Lendário' }).click()
    await itemDialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await page.getByText('Item adicionado com sucesso!').waitFor()
    await expectAccessible(page, 'items tab')
    await page.getByRole('button', { name: 'Ver fila de Espada Lendária' }).click()
    await page.waitForURL(/tab=queues/)

    // Add all: the three active players, not the expelled one.
    await page.getByRole('button', { name: 'Adicionar todos' }).click()
    await page.getByText('3 jogadores adicionados à fila').waitFor()
    const [first, second, third] = await queueOrder(page)
    expect([first, second, third].sort()).toEqual(['Aria', 'Bruno', 'Caio'])
    await rowOf(page, first!).getByText('Próximo na fila').waitFor()
    // A second add-all has nobody left to add.
    await page.getByRole('button', { name: 'Adicionar todos' }).click()
    await page.getByText('Todos os jogadores já estão na fila.').waitFor()

    // Received: the first player goes to the end and a history row records it.
    await page.getByRole('button', { name: `Marcar ${first} como recebido` }).click()
    await page.getByText(`${first} recebeu o item e foi para trás dos jogadores pendentes`).waitFor()
    await expect.poll(() => queueOrder(page)).toEqual([second, third, first])
    await rowOf(page, first!).getByText('Recebidos: 1 · Ausências: 0').waitFor()
    await rowOf(page, second!).getByText('Próximo na fila').waitFor()
    const history = (await (await page.request.get('/api/v1/history/loot')).json()) as LootHistoryPage
    expect(history.rows.map((row) => [row.playerName, row.itemName, row.previousQueuePosition])).toEqual([
      [first, 'Espada Lendária', 1],
    ])

    // Penalty: the reason is required; the player moves behind everyone not penalised.
    await page.getByRole('button', { name: `Mais ações para ${second}` }).click()
    await page.getByRole('menuitem', { name: 'Penalizar' }).click()
    const penalty = page.getByRole('dialog')
    await expect.poll(() => penalty.getByLabel('Dias de penalidade').inputValue()).toBe('7')
    // Pressed without a reason: nothing is sent, the reason says why and has the focus.
    await penalty.getByRole('button', { name: 'Aplicar penalidade' }).click()
    await penalty.getByText('Informe o motivo da penalidade.').waitFor()
    const reason = penalty.getByLabel('Motivo da penalidade (obrigatório)')
    await expect.poll(() => reason.evaluate((box) => box === document.activeElement)).toBe(true)
    await reason.fill('Chegou atrasado na raid')
    await expectAccessible(page, 'penalty dialog')
    await penalty.getByRole('button', { name: 'Aplicar penalidade' }).click()
    await page
      .getByText(`Penalidade aplicada: ${second} foi para trás dos jogadores sem penalidade`)
      .waitFor()
    await expect.poll(() => queueOrder(page)).toEqual([third, first, second])
    await rowOf(page, second!)
      .getByText(/^Penalizado até \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/)
      .waitFor()
    await rowOf(page, second!).getByText('Chegou atrasado na raid').waitFor()
    await expectAccessible(page, 'queues tab')

    // Undo from the queue header, by keyboard: the penalty and the old order come back exactly, and focus
    // goes to the row given back (the button is gone), not to the page's top.
    await page.getByRole('button', { name: `Desfazer: penalidade de ${second}` }).focus()
    await page.keyboard.press('Enter')
    await page.getByText(`Ação desfeita: penalidade de ${second}`).waitFor()
    await expect.poll(() => queueOrder(page)).toEqual([second, third, first])
    const restoredId = await rowOf(page, second!).getAttribute('data-entry-id')
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-entry-id') ?? null))
      .toBe(restoredId)
    expect(
      await rowOf(page, second!)
        .getByText(/Penalizado até/)
        .count(),
    ).toBe(0)

    // Mouse: drag the last row onto the first; one write of the full order after the quiet period.
    const source = await rowOf(page, first!)
      .getByRole('button', { name: /^Arrastar / })
      .boundingBox()
    const target = await queueRows(page).first().boundingBox()
    let written = reorderWritten(page)
    await page.mouse.move(source!.x + source!.width / 2, source!.y + source!.height / 2)
    await page.mouse.down()
    await page.mouse.move(source!.x + source!.width / 2, target!.y + 4, { steps: 12 })
    await page.mouse.up()
    await expect.poll(() => queueOrder(page)).toEqual([first, second, third])
    expect(((await written).request().postDataJSON() as { entryIds: string[] }).entryIds).toHaveLength(3)
    expect((await written).status()).toBe(200)
    await page.getByText('Posição alterada com sucesso!').waitFor()

    // Keyboard: lift with Space, one step down, drop with Space; the screen reader hears each step.
    written = reorderWritten(page)
    await rowOf(page, first!)
      .getByRole('button', { name: /^Arrastar / })
      .focus()
    await page.keyboard.press('Space')
    // Lifting says so, and how to move: dnd-kit reports the row over its own place at once, which must not
    // replace that message in the live region (it keeps only the latest).
    await page.getByText(`${first} foi pego na posição 1 de 3. Use as setas`).waitFor({ state: 'attached' })
    // dnd-kit measures the rows in the frame after the lift and ignores a key pressed before that (no
    // person is that fast, a test is): press again only while the move has not been announced.
    const overSecond = page.getByText(`${first} está sobre a posição 2 de 3.`)
    for (let attempt = 0; attempt < 5; attempt++) {
      await page.keyboard.press('ArrowDown')
      if (
        await overSecond.waitFor({ state: 'attached', timeout: 1000 }).then(
          () => true,
          () => false,
        )
      )
        break
    }
    await overSecond.waitFor({ state: 'attached' })
    await page.keyboard.press('Space')
    await page.getByText(`${first} foi solto na posição 2 de 3.`).waitFor({ state: 'attached' })
    expect((await written).status()).toBe(200)
    await expect.poll(() => queueOrder(page)).toEqual([second, first, third])

    // The order is the server's, not the page's: it survives a reload.
    await page.reload()
    // A cold start of the whole app (session, shell, chunks, queue): give a busy machine time.
    await queueRows(page).first().waitFor({ timeout: 20_000 })
    expect(await queueOrder(page)).toEqual([second, first, third])

    // The overview counts the distribution and names who is next.
    await page.goto('/dashboard')
    const counters = page.getByRole('region', { name: 'Números da guild' })
    await counters.getByText('Itens distribuídos').waitFor()
    await expect
      .poll(async () =>
        (await counters.locator('.rounded-xl').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ')),
      )
      .toEqual(['Itens cadastrados 1', 'Jogadores ativos 3', 'Itens distribuídos 1'])
    await page.getByText('Próximos a pegar').waitFor()
    await page.getByRole('listitem').filter({ hasText: 'Espada Lendária' }).getByText(second!).waitFor()
    await expectAccessible(page, 'overview')
  }, 150_000)
})

// An outside tester (2026-12-07): "Received" on row 1, then the same spot again 350 ms later, once the first
// award had moved its row down: the second click awarded the next player (docs/decisions/008-queue-actions-in-the-browser.md).
describe('two quick clicks on the same spot of a queue', () => {
  it('hand the item out once; Back walks through the item and the tab chosen', async () => {
    const { page } = await journey.open({ signIn: journey.account })
    await page.goto('/dashboard')
    const api = <T>(method: 'POST' | 'GET', path: string, data?: unknown) =>
      apiAs<T>(page, journey.server.url, method, path, data)
    for (const name of ['Tap Um', 'Tap Dois', 'Tap Três']) await api('POST', '/players', { name })
    const ring = await api<{ id: string }>('POST', '/items', { name: 'Anel Duplo', rarity: 'rare' })
    await api('POST', `/items/${ring.id}/queue/add-all`)

    // The items tab, then the queues tab and the item, each a step Back returns to.
    await page.goto('/dashboard/items')
    await untilHydrated(page)
    await page.getByRole('tab', { name: 'Filas' }).click()
    await page.waitForURL(/\?tab=queues$/)
    await page
      .getByRole('tabpanel', { name: 'Filas' })
      .getByRole('button', { name: /^Anel Duplo/ })
      .click()
    await page.waitForURL(/tab=queues&item=/)
    await queueRows(page).first().waitFor()

    const awards: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/received')) awards.push(r.url())
    })
    const order = await queueOrder(page)
    const [first, second] = order
    const spot = (await page.getByRole('button', { name: `Marcar ${first} como recebido` }).boundingBox())!
    const x = spot.x + spot.width / 2
    const y = spot.y + spot.height / 2
    const clicked = Date.now()
    await page.mouse.click(x, y)
    // The award is drawn (its row gone down), then the same spot again, 350 ms after the first click (at once
    // when the award took longer): the row there is now the next player's.
    await expect.poll(() => queueOrder(page), { interval: 20 }).toEqual([...order.slice(1), first])
    await page.waitForTimeout(Math.max(0, clicked + 350 - Date.now()))
    await page.mouse.click(x, y)
    await page.waitForTimeout(1000)
    expect(awards).toHaveLength(1)
    expect(await queueOrder(page)).toEqual([...order.slice(1), first])
    expect(await rowOf(page, second!).getByText('Recebidos: 0 · Ausências: 0').count()).toBe(1)

    // Once the rows have stood still, a click there is meant for the player it shows. The toast says both.
    await page.mouse.click(x, y)
    await expect.poll(() => awards.length).toBe(2)
    await page.getByText(`Entregas anteriores nesta fila: ${first}`).waitFor()

    await page.goBack()
    await page.waitForURL(/\?tab=queues$/)
    await page.getByText('Selecione um item para ver a fila.').waitFor()
    await page.goBack()
    await page.waitForURL(/\/dashboard\/items$/)
    await page.getByRole('table', { name: 'Itens da guild' }).waitFor()
  })
})

// An outside tester, on a 390 × 844 phone: an item opened from a link loaded the page scrolled a little, the
// "Items" heading under the top bar and the queue still below the fold.
describe('an item opened from a link on a phone', () => {
  it('lands with its queue just below the top bar', async () => {
    const { page } = await journey.open({ viewport: { width: 390, height: 844 }, signIn: journey.account })
    await page.goto('/dashboard')
    const api = <T>(method: 'POST' | 'GET', path: string, data?: unknown) =>
      apiAs<T>(page, journey.server.url, method, path, data)
    for (let i = 1; i <= 12; i++) await api('POST', '/players', { name: `Raider ${i}` })
    let itemId = ''
    for (const name of ['Anel', 'Botas', 'Capa', 'Elmo', 'Luvas', 'Manto Sombrio']) {
      const created = await api<{ id: string }>('POST', '/items', { name, rarity: 'epic' })
      itemId = created.id
    }
    await api('POST', `/items/${itemId}/queue/add-all`)

    await page.goto(`/dashboard/items?tab=queues&item=${itemId}`)
    await queueRows(page).first().waitFor()
    await expectJustBelowTopBar(page, page.getByTestId('queue-panel'))
  })
})

/**
 * The element's top is in view right below the sticky top bar (not under it, not far below), once a smooth
 * scroll has settled.
 */
async function expectJustBelowTopBar(page: Page, target: Locator) {
  const topOf = async () => (await target.boundingBox())!.y
  let last = Number.NaN
  await expect
    .poll(async () => {
      const now = await topOf()
      const settled = now === last
      last = now
      return settled
    })
    .toBe(true)
  const bar = (await page.locator('header').first().boundingBox())!
  const top = await topOf()
  expect(top, 'the queue is not under the top bar').toBeGreaterThanOrEqual(bar.y + bar.height)
  expect(top, 'the queue starts right below the top bar').toBeLessThanOrEqual(bar.y + bar.height + 48)
}
