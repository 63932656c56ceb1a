import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { axeViolations } from './support/axe'
import { setUpJourney } from './support/journey'
import { enterPublicPage } from './support/queues'

// Issue 17: an admin brings a guild in from spreadsheets (a file with two bad rows is read, fixed and
// imported, a player repeated as is only warned of), then a raider opens a player's page from the public queue and follows their place in every
// queue as loot is handed out, without a reload.

const journey = setUpJourney({ signUp: true })
const LIVE = { timeout: 15_000, interval: 50 }

const csv = (name: string, lines: string[]) => ({
  name,
  mimeType: 'text/csv',
  // As Excel saves "CSV UTF-8": a byte order mark, CRLF line ends.
  buffer: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8'),
})
const items = csv('itens.csv', ['Nome;Raridade;Tipo', 'Espada Lendária;Lendário;Arma', 'Escudo;Raro;'])
const roster = (bruno: string, caio: string, ...more: string[]) =>
  csv('jogadores.csv', [
    'Nome;Observações;Status;Fila: Espada Lendária;Fila: Escudo',
    'Aria;Tanque;Ativo;1;3',
    `Bruno;;${bruno};2;1`,
    `Caio;Curador;Ativo;${caio};2`,
    'Duda;;Inativo;;',
    ...more,
  ])

async function adminCookie() {
  const res = await fetch(`${journey.server.url}/api/v1/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: journey.server.url },
    body: JSON.stringify({ email: journey.account.email, password: journey.account.password }),
  })
  expect(res.status).toBe(200)
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

/** The admin's API from Node: here, the officer who hands the loot out while the raider watches. */
async function adminApi(cookie: string, method: string, path: string) {
  const res = await fetch(`${journey.server.url}/api/v1${path}`, {
    method,
    headers: { cookie, origin: journey.server.url },
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return res.json()
}

/** The player page's card for an item: place, status and pending players ahead, as text. */
const placeIn = (page: Page, itemName: string) =>
  page
    .getByTestId('queue-place')
    .filter({ has: page.getByRole('heading', { name: itemName, exact: true }) })
    .textContent()

describe('bring a guild in, then follow a player', () => {
  it('imports CSV files: two bad rows are listed by line, fixed, and the files import', async () => {
    const { page } = await journey.open({ signIn: journey.account })
    await page.goto('/dashboard/guild')
    await page.getByRole('button', { name: 'Importar', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Importar dados' })
    await dialog.getByLabel('Arquivos').setInputFiles([items, roster('Sumido', 'x')])
    await dialog.getByRole('button', { name: 'Conferir' }).click()

    await dialog.getByText('2 problemas encontrados. Corrija os arquivos e escolha-os de novo.').waitFor()
    const problems = await dialog.getByTestId('import-problem').allTextContents()
    expect(problems).toEqual([
      'jogadores.csv3Status desconhecido: "Sumido".',
      'jogadores.csv4Posição inválida em Fila: Espada Lendária: "x" (use um número inteiro a partir de 1).',
    ])
    expect(await dialog.getByRole('button', { name: 'Importar', exact: true }).isDisabled()).toBe(true)
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([])

    // Fixed; Aria pasted twice as she was is no problem: the preview warns, and she is imported once.
    await dialog.getByLabel('Arquivos').setInputFiles([items, roster('Ativo', '3', 'Aria;Tanque;Ativo;1;3')])
    await dialog.getByRole('button', { name: 'Conferir' }).click()
    await dialog.getByText('Nenhum problema encontrado.').waitFor()
    expect(await dialog.getByRole('list', { name: 'Avisos da prévia' }).textContent()).toBe(
      '“Aria” aparece mais de uma vez com os mesmos dados (jogadores.csv: linhas 2 e 6): será importado uma vez.',
    )
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([])
    expect(await dialog.getByTestId('import-count-players').textContent()).toBe('Jogadores40')
    expect(await dialog.getByTestId('import-count-queueEntries').textContent()).toBe('Posições em filas60')
    const imported = page.waitForResponse((r) => r.url().endsWith('/api/v1/guild/import'))
    await dialog.getByRole('button', { name: 'Importar', exact: true }).click()
    expect((await imported).status()).toBe(200)
    await dialog.getByRole('heading', { name: 'Importação concluída' }).waitFor()
    await dialog.getByRole('button', { name: 'Fechar', exact: true }).first().click()

    await page.goto('/dashboard/players')
    for (const name of ['Aria', 'Bruno', 'Caio', 'Duda']) await page.getByRole('link', { name }).waitFor()
  })

  it("opens a player's page from the public queue and follows their place in every queue live", async () => {
    const cookie = await adminCookie()
    const { items: list } = await adminApi(cookie, 'GET', '/items')
    const idOf = (name: string) => (list as { id: string; name: string }[]).find((i) => i.name === name)!.id
    const sword = idOf('Espada Lendária')
    const shield = idOf('Escudo')

    const raider = await journey.open()
    const { page } = raider
    await enterPublicPage(page, journey.account.slug)
    await page.goto(`/guilds/${journey.account.slug}?item=${sword}`)
    const queue = page.getByRole('list', { name: 'Fila de Espada Lendária' })
    await queue.getByRole('link', { name: 'Caio' }).click()
    await page.waitForURL(/\/players\//)
    await page.getByRole('heading', { level: 1, name: 'Caio' }).waitFor()
    await page.getByText('Ao vivo').waitFor({ timeout: LIVE.timeout })
    expect(await placeIn(page, 'Espada Lendária')).toContain('2 jogadores pendentes à frente')
    expect(await placeIn(page, 'Escudo')).toContain('1 jogador pendente à frente')
    expect(await axeViolations(page)).toEqual([])
    await page.evaluate(() => Object.assign(window, { __noReload: true }))

    // The officer hands out each item to the head of its queue: Caio moves up in both.
    for (const item of [sword, shield]) {
      const view = await adminApi(cookie, 'GET', `/items/${item}/queue`)
      await adminApi(cookie, 'POST', `/queue-entries/${view.entries[0].id}/received`)
    }
    await expect.poll(() => placeIn(page, 'Espada Lendária'), LIVE).toContain('1 jogador pendente à frente')
    await expect.poll(() => placeIn(page, 'Escudo'), LIVE).toContain('Próximo na fila')
    expect(await page.evaluate(() => (window as { __noReload?: boolean }).__noReload)).toBe(true)
  })
})
