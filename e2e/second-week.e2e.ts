import { randomBytes } from 'node:crypto'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { latestMailLink, signInPage, signUpAndConfirm } from './support/accounts'
import { apiAs } from './support/api'
import { axeViolations } from './support/axe'
import { newPage } from './support/browser'
import { setUpJourney } from './support/journey'

// Issue 43's journeys ("a guild's second week"): names in the order a person reads them (point 7, with the
// items page's headings and labels, point 8), an ended penalty's reason cleared from the queue (point 3),
// and an admin who leaves while another stays, named as a former member afterwards (points 6 and 2).

const journey = setUpJourney({ signUp: true })

const api = <T>(page: Page, method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown) =>
  apiAs<T>(page, journey.server.url, method, path, data)

/** The rules the audit found broken on the items page: heading order, and names that contain the label. */
async function expectHeadingsAndLabels(page: Page, where: string) {
  const rules = ['heading-order', 'label-content-name-mismatch', 'label']
  expect(await axeViolations(page, 'main', { rules }), where).toEqual([])
}

/** Player names in queue order, as the drag handles name them. */
async function queueOrder(page: Page): Promise<string[]> {
  const handles = await page
    .getByRole('list', { name: 'Fila do item' })
    .getByRole('button', { name: /^Arrastar / })
    .all()
  return Promise.all(
    handles.map(async (h) =>
      (await h.getAttribute('aria-label'))!.replace(/^Arrastar (.*) \(posição \d+\)$/, '$1'),
    ),
  )
}

describe("a guild's second week", () => {
  it('lists, offers and adds players in the order a person reads names', async () => {
    const { page } = await journey.open({ signIn: journey.account })
    for (const name of ['Samwise', 'Éowyn', 'Jogador 10', 'ana', 'Jogador 2'])
      await api(page, 'POST', '/players', { name })
    await api(page, 'POST', '/items', { name: 'Anel', rarity: 'epic' })
    const inOrder = ['ana', 'Éowyn', 'Jogador 2', 'Jogador 10', 'Samwise']

    await page.goto('/dashboard/players')
    const table = page.getByRole('table', { name: 'Jogadores da guild' })
    await table.getByText('Samwise').waitFor()
    const names = await table
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => row.querySelector('td')?.textContent?.trim() ?? ''))
    expect(names.map((cell) => inOrder.find((name) => cell.startsWith(name)))).toEqual(inOrder)

    await page.goto('/dashboard/items')
    await page.getByRole('button', { name: 'Ver fila de Anel' }).waitFor()
    await expectHeadingsAndLabels(page, 'items tab')
    await page.getByRole('button', { name: 'Ver fila de Anel' }).click()
    await page.waitForURL(/tab=queues/)
    await page.getByRole('heading', { level: 2, name: 'Itens' }).waitFor()
    await expectHeadingsAndLabels(page, 'queues tab')

    // The picker offers them in the same order.
    await page.getByRole('button', { name: 'Adicionar jogador' }).first().click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('combobox', { name: 'Jogador' }).click()
    await expect.poll(() => page.getByRole('option').allTextContents()).toEqual(inOrder)
    await page.keyboard.press('Escape')
    await dialog.getByRole('button', { name: 'Cancelar' }).click()
    await dialog.waitFor({ state: 'detached' })

    // "Adicionar todos": Éowyn before Samwise, and Jogador 2 before Jogador 10.
    await page.getByRole('button', { name: 'Adicionar todos' }).click()
    await page.getByText('5 jogadores adicionados à fila').waitFor()
    await expect.poll(() => queueOrder(page)).toEqual(inOrder)
  })

  it("clears the reason of a penalty that has ended from the queue's row", async () => {
    const { page } = await journey.open({ signIn: journey.account })
    // A guild that moved here with its export: Aria's penalty ended in January 2025, its reason is still there.
    const exported = {
      format: 'lootqueue-guild-export/1',
      players: [
        { id: 'p1', name: 'Aria', playerStatus: 'active' },
        { id: 'p2', name: 'Bruno', playerStatus: 'active' },
      ],
      items: [{ id: 'i1', name: 'Cetro', rarity: 'rare' }],
      queues: [
        { itemId: 'i1', playerId: 'p1', queuePosition: 1, attendanceStatus: 'pending' },
        {
          itemId: 'i1',
          playerId: 'p2',
          queuePosition: 2,
          attendanceStatus: 'pending',
          penaltyUntil: '2025-01-10T20:00:00.000Z',
          penaltyNote: 'Faltou na raid',
        },
      ],
      lootHistory: [],
    }
    await api(page, 'POST', '/guild/import', {
      files: [{ name: 'guild.json', content: JSON.stringify(exported) }],
    })

    await page.goto('/dashboard/items')
    await page.getByRole('button', { name: 'Ver fila de Cetro' }).click()
    const row = page
      .getByRole('list', { name: 'Fila do item' })
      .locator(':scope > li')
      .filter({ hasText: 'Bruno' })
    await row.getByText('Faltou na raid').waitFor()
    // The end's date and time (20:00 UTC), on the browser's clock.
    await row.getByText(/^Penalidade encerrada em 10\/01\/2025, \d{2}:\d{2} ·/).waitFor()
    expect(await row.getByText(/Penalizado até/).count()).toBe(0)

    await row.getByRole('button', { name: 'Mais ações para Bruno' }).click()
    await page.getByRole('menuitem', { name: 'Penalizar' }).waitFor()
    await page.getByRole('menuitem', { name: 'Apagar motivo da penalidade' }).click()
    await page.getByText('Motivo da penalidade de Bruno apagado').waitFor()
    await expect.poll(() => row.getByText('Faltou na raid').count()).toBe(0)
    // It is gone on the server too.
    await page.reload()
    await row.getByText('Recebidos: 0 · Ausências: 0').waitFor()
    expect(await row.getByText('Faltou na raid').count()).toBe(0)
  })

  it('lets an admin leave without the guild name while another admin stays, and names them after', async () => {
    const owner = await signUpAndConfirm(journey.server.url)
    const { page: ownerPage } = await journey.open({ signIn: owner })
    const second = {
      email: `second-${randomBytes(3).toString('hex')}@example.com`,
      password: 'another-long-password',
      name: 'Beatriz Segunda',
    }
    await api(ownerPage, 'POST', '/invitations', { email: second.email, displayName: second.name })
    const link = await latestMailLink(journey.server.url, second.email, { contains: 'invite=' })
    const signUp = await fetch(`${journey.server.url}/api/v1/accounts/signup-invite`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: journey.server.url },
      body: JSON.stringify({
        token: new URL(link).searchParams.get('invite'),
        password: second.password,
        confirmPassword: second.password,
        language: 'pt',
      }),
    })
    expect(signUp.status).toBe(201)
    const { members } = await api<{ members: { id: string; displayName: string }[] }>(
      ownerPage,
      'GET',
      '/members',
    )
    const profile = members.find((m) => m.displayName === second.name)!
    await api(ownerPage, 'PATCH', `/members/${profile.id}`, { displayName: second.name, role: 'guild_admin' })

    // The second admin adds a player, then deletes their account: only the account goes, no name typed.
    const secondPage = await newPage(journey.browser, { baseURL: journey.server.url })
    try {
      await signInPage(secondPage.page, second)
      await api(secondPage.page, 'POST', '/players', { name: 'Legolas' })
      await secondPage.page.goto('/dashboard/settings')
      await secondPage.page.getByRole('button', { name: 'Excluir conta' }).click()
      const dialog = secondPage.page.getByRole('alertdialog')
      await dialog
        .getByText('Sua conta e seus dados pessoais serão excluídos permanentemente.', { exact: false })
        .waitFor()
      const confirm = dialog.getByRole('button', { name: 'Excluir definitivamente' })
      // No guild name to type, only the account's password (the server re-authenticates every deletion).
      await dialog.getByLabel('Sua senha atual').fill(second.password)
      await expect.poll(() => confirm.isEnabled()).toBe(true)
      expect(await secondPage.page.locator('#confirm-guild-name').count()).toBe(0)
      await confirm.click()
      await secondPage.page.waitForURL(`${journey.server.url}/`)
      await secondPage.page.getByText('Sua conta foi excluída.').waitFor()
      expect(secondPage.consoleErrors, JSON.stringify(secondPage.consoleErrors)).toEqual([])
    } finally {
      await secondPage.context.close()
    }

    // The guild goes on: the activity log names who added Legolas, as a former member.
    await ownerPage.goto('/dashboard/history?tab=activity')
    const log = ownerPage.getByRole('table', { name: /Ações registradas/ })
    const added = log.getByRole('row').filter({ hasText: 'Legolas' })
    await added.getByText('Beatriz Segunda (ex-membro)').waitFor()
    expect(await log.getByText('Sistema').count()).toBe(0)

    // Now the owner is the last admin: deleting the account takes the guild, so its name is asked for.
    await ownerPage.goto('/dashboard/settings')
    await ownerPage.getByText(/Você é o último administrador ativo/).waitFor()
    await ownerPage.getByRole('button', { name: 'Excluir conta' }).click()
    const ownerDialog = ownerPage.getByRole('alertdialog')
    await ownerPage.locator('#confirm-guild-name').waitFor()
    expect(await ownerDialog.getByRole('button', { name: 'Excluir definitivamente' }).isDisabled()).toBe(true)
    await ownerDialog.getByRole('button', { name: 'Cancelar' }).click()
  })
})
