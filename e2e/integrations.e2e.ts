import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type HttpReceiver, startReceiver } from '../server/test/http-receiver'
import { axeViolations } from './support/axe'
import { newPage } from './support/browser'
import { setUpJourney } from './support/journey'

// Issue 16's journey: an admin sets the guild's Discord webhook on the guild page, sends a test message,
// marks an item received with a note; Discord (a local receiver: INTEGRATIONS_ALLOW_LOCAL_URLS lets the
// app accept its address, which production refuses) gets the embed; the history and the public page show
// the note.

let receiver: HttpReceiver
beforeAll(async () => {
  receiver = await startReceiver()
})
afterAll(() => receiver?.close())

const journey = setUpJourney({ signUp: true, env: () => ({ INTEGRATIONS_ALLOW_LOCAL_URLS: 'true' }) })

async function expectAccessible(
  page: Page,
  what: string,
  scope = 'main, [role="dialog"], [role="alertdialog"]',
) {
  expect(await axeViolations(page, scope, { wcagOnly: true }), what).toEqual([])
}

type Embed = { title: string; color: number; url: string; fields: { name: string; value: string }[] }
const embedsOf = (from: number) =>
  receiver.requests.slice(from).map((r) => (JSON.parse(r.body) as { embeds: Embed[] }).embeds[0]!)

describe('Discord announcements and notes', () => {
  it('sets the webhook, tests it, and an award with a note reaches Discord, the history and the public page', async () => {
    const { page } = await journey.open({ signIn: journey.account })
    const api = async (method: string, path: string, data?: unknown) => {
      const res = await page.request.fetch(`/api/v1${path}`, { method, data })
      expect(res.status(), `${method} ${path}`).toBeLessThan(300)
      return res.json()
    }
    for (const name of ['Aria', 'Bruno']) await api('POST', '/players', { name })
    const sword = await api('POST', '/items', { name: 'Espada Lendária', rarity: 'legendary' })
    await api('POST', `/items/${sword.id}/queue/add-all`)

    // The guild page: Discord's section, in English messages.
    await page.goto('/dashboard/guild')
    const discord = page.getByTestId('integration-discord')
    await discord
      .getByLabel('Endereço do webhook')
      .fill(`${receiver.url}/api/webhooks/4455667788/e2e-token-e2e-token-e2e`)
    await discord.getByLabel('English').check()
    await expectAccessible(page, 'guild page with the integrations card')
    await discord.getByRole('button', { name: 'Salvar' }).click()
    await page.getByText('Integração salva').waitFor()
    // Shown masked from now on: the token's end only.
    await discord.getByText(/Salvo: http:\/\/127\.0\.0\.1:\d+\/api\/webhooks\/4455667788\/••••-e2e/).waitFor()

    let from = receiver.requests.length
    await discord.getByRole('button', { name: 'Enviar mensagem de teste' }).click()
    await discord.getByRole('status').getByText('Mensagem de teste entregue.').waitFor()
    expect(embedsOf(from).map((e) => e.title)).toEqual([
      `Test message from LootQueue for ${journey.account.guildName}`,
    ])

    // The queue: a quick note, then "received".
    await page.goto('/dashboard/items')
    await page.getByRole('button', { name: 'Ver fila de Espada Lendária' }).click()
    await page.waitForURL(/tab=queues/)
    await page.getByRole('button', { name: 'Nota para a próxima ação na fila de Espada Lendária' }).click()
    await page.getByLabel('Nota da próxima ação').fill('Ganhou a rolagem (97)')
    await expectAccessible(page, 'quick note popover', 'main, [data-radix-popper-content-wrapper]')
    // Enter takes the note (web/features/queues/components/queue-note.tsx): closed, and it waits.
    await page.keyboard.press('Enter')
    await page.getByLabel('Nota da próxima ação').waitFor({ state: 'detached' })
    await page.getByText('Nota da próxima ação:').waitFor()
    from = receiver.requests.length
    await page.getByRole('button', { name: 'Marcar Aria como recebido' }).click()
    await page.getByText('Aria recebeu o item e foi para trás dos jogadores pendentes').waitFor()
    await page.getByText('Nota da próxima ação:').waitFor({ state: 'detached' })

    // The announcement leaves after the commit, from the server's outbox.
    await receiver.waitFor(from + 1, 15_000)
    const [award] = embedsOf(from)
    expect(award).toMatchObject({
      title: 'Aria received Espada Lendária',
      color: 0xff8000,
      url: `${journey.server.url}/guilds/${journey.account.slug}`,
    })
    expect(award!.fields).toEqual(
      expect.arrayContaining([
        { name: 'Previous position', value: '#1', inline: true },
        { name: 'Note', value: 'Ganhou a rolagem (97)' },
        { name: 'By', value: journey.account.displayName, inline: true },
      ]),
    )

    // The history shows the note.
    await page.goto('/dashboard/history')
    const loot = page.getByRole('table', { name: /Itens distribuídos/ })
    await loot
      .getByRole('row')
      .filter({ hasText: 'Espada Lendária' })
      .getByText('Ganhou a rolagem (97)')
      // A phone's copy under the item's name is hidden at this width (web/components/row-actions.tsx).
      .filter({ visible: true })
      .waitFor()

    // So does the public page, under the last recipient and on Aria's row.
    const raider = await newPage(journey.browser, { baseURL: journey.server.url })
    try {
      await raider.page.goto(`/guilds/${journey.account.slug}`)
      await raider.page.getByLabel('Senha da guild').fill('raid-night')
      await raider.page.getByRole('button', { name: 'Entrar' }).click()
      await raider.page.getByRole('button', { name: /Espada Lendária/ }).click()
      await raider.page.getByText('Nota: Ganhou a rolagem (97)').first().waitFor()
      expect(await raider.page.getByTestId('last-recipient-note').textContent()).toBe(
        'Nota: Ganhou a rolagem (97)',
      )
      expect(raider.consoleErrors).toEqual([])
    } finally {
      await raider.context.close()
    }
  })
})
