import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { Me } from '@contract/accounts'
import { RANK_NAME_MAX, type Rank } from '@contract/ranks'
import { me } from '@web/test/factories'
import { type ApiCall, apiError, describedAs, loadTexts, mockApi, renderPage } from '@web/test/render'
import { waitForToast } from '@web/test/toasts'
import { RanksCard } from './ranks-card'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

beforeAll(() => loadTexts(['ranks', 'errors']))

const rank = (n: number, name: string, playerCount = 0, minimumOf: readonly string[] = []): Rank => ({
  id: `00000000-0000-4000-8000-0000000000b${n}`,
  name,
  level: n,
  playerCount,
  minimumOf: { count: minimumOf.length, names: minimumOf.slice(0, 3) },
})

/** The ranks routes (server/modules/ranks/ranks.routes.ts), keeping what the card changes. */
function serveRanks(initial: Rank[], session: Me = me(), rankFirstAtFirst = false) {
  let ranks = [...initial]
  let rankFirst = rankFirstAtFirst
  const relevel = () => {
    ranks = ranks.map((r, level) => ({ ...r, level }))
  }
  const calls = mockApi((call: ApiCall) => {
    if (call.path === '/me') return { body: session }
    if (call.method === 'GET' && call.path === '/ranks') return { body: { ranks } }
    if (call.path === '/rank-first') {
      if (call.method === 'PUT') rankFirst = (call.body as { rankFirst: boolean }).rankFirst
      return { body: { rankFirst } }
    }
    const body = call.body as { name?: string; rankIds?: string[] }
    if (call.method === 'POST' && call.path === '/ranks') {
      if (ranks.some((r) => r.name.toLowerCase() === body.name!.toLowerCase()))
        return {
          status: 409,
          body: { error: { code: 'RANK_NAME_TAKEN', message: 'x', fields: { name: 'RANK_NAME_TAKEN' } } },
        }
      const created = rank(ranks.length + 5, body.name!)
      ranks.push(created)
      relevel()
      return { status: 201, body: created }
    }
    if (call.method === 'PUT' && call.path === '/rank-order') {
      ranks = body.rankIds!.map((id) => ranks.find((r) => r.id === id)!)
      relevel()
      return { body: { ranks } }
    }
    const id = call.path.split('/')[2]
    if (call.method === 'PATCH') {
      ranks = ranks.map((r) => (r.id === id ? { ...r, name: body.name! } : r))
      return { body: ranks.find((r) => r.id === id) }
    }
    if (call.method === 'DELETE') {
      const gone = ranks.find((r) => r.id === id)
      if (!gone) return apiError(404, 'NOT_FOUND')
      ranks = ranks.filter((r) => r.id !== id)
      relevel()
      return { body: { playersCleared: gone.playerCount } }
    }
    return undefined
  })
  return { calls, current: () => ranks }
}

const shownRanks = () =>
  within(screen.getByRole('list', { name: 'Cargos' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent)

describe('the ranks card', () => {
  it('lets an admin turn “rank first” on and off; a member sees it and cannot change it', async () => {
    const { calls } = serveRanks([rank(0, 'Raider'), rank(1, 'Trial')])
    const { unmount } = renderPage(<RanksCard isAdmin />)
    const toggle = await screen.findByRole('switch', { name: 'Cargo primeiro' })
    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false))
    expect(toggle.getAttribute('aria-checked')).toBe('false')
    expect(toggle.getAttribute('aria-describedby')).toBe('rank-first-hint')
    fireEvent.click(toggle)
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'))
    fireEvent.click(toggle)
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'))
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
      ['/rank-first', { rankFirst: true }],
      ['/rank-first', { rankFirst: false }],
    ])
    unmount()
    renderPage(<RanksCard isAdmin={false} />)
    const readOnly = await screen.findByRole('switch', { name: 'Cargo primeiro' })
    expect((readOnly as HTMLButtonElement).disabled).toBe(true)
  })

  // An outside tester: the card explained "rank first" without saying whether it was on. It says so in words,
  // beside its name, for whoever reads the card (a member's switch is greyed out), in both languages.
  it.each([
    ['pt', 'Ligado', 'Desligado'],
    ['en', 'On', 'Off'],
  ] as const)('says in words whether “rank first” is on (%s)', async (language, on, off) => {
    await loadTexts(['ranks', 'errors'], language)
    try {
      const state = () => screen.getByTestId('rank-first-state').textContent
      serveRanks([rank(0, 'Raider')], me(), true)
      const { unmount } = renderPage(<RanksCard isAdmin={false} />)
      await waitFor(() => expect(state()).toBe(on))
      unmount()
      serveRanks([rank(0, 'Raider')])
      renderPage(<RanksCard isAdmin />)
      await waitFor(() => expect(state()).toBe(off))
      const toggle = screen.getByRole('switch', { name: language === 'pt' ? 'Cargo primeiro' : 'Rank first' })
      await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false))
      fireEvent.click(toggle)
      await waitFor(() => expect(state()).toBe(on))
    } finally {
      await loadTexts(['ranks', 'errors'], 'pt')
    }
  })

  it('shows no “rank first” while the guild has no ranks', async () => {
    serveRanks([])
    renderPage(<RanksCard isAdmin />)
    expect(await screen.findByText(/nenhum cargo/i)).toBeTruthy()
    expect(screen.queryByRole('switch')).toBeNull()
  })

  it('lets an admin create a rank, refused first for a taken name, then rename it', async () => {
    const { calls } = serveRanks([rank(0, 'Raider', 3)])
    renderPage(<RanksCard isAdmin />)
    await waitFor(() => expect(shownRanks()).toEqual(['Nível 1Raider3 jogadores']))
    fireEvent.click(screen.getByRole('button', { name: 'Novo cargo' }))
    const name = await screen.findByLabelText('Nome do cargo')
    fireEvent.change(name, { target: { value: 'raider' } })
    fireEvent.click(screen.getByRole('button', { name: 'Criar' }))
    expect(await screen.findByText('A guild já tem um cargo com este nome.')).toBeTruthy()
    // The field says what is left of the contract's limit, error or not; it never cuts a paste (no maxLength).
    expect(name.getAttribute('maxlength')).toBeNull()
    expect(describedAs(name)).toBe(
      `A guild já tem um cargo com este nome. Restam ${RANK_NAME_MAX - 6} caracteres.`,
    )
    fireEvent.change(name, { target: { value: 'Recruta' } })
    fireEvent.click(screen.getByRole('button', { name: 'Criar' }))
    await waitForToast('success', 'Cargo criado')
    await waitFor(() =>
      expect(shownRanks()).toEqual(['Nível 1Raider3 jogadores', 'Nível 2Recrutanenhum jogador']),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Editar Recruta' }))
    const renamed = await screen.findByLabelText('Nome do cargo')
    expect((renamed as HTMLInputElement).value).toBe('Recruta')
    expect(describedAs(renamed)).toBe(`Restam ${RANK_NAME_MAX - 7} caracteres.`)
    fireEvent.change(renamed, { target: { value: 'Trial' } })
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }))
    await waitForToast('success', 'Cargo renomeado')
    await waitFor(() => expect(shownRanks()[1]).toContain('Trial'))
    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.body])).toEqual([
      ['POST', { name: 'raider' }],
      ['POST', { name: 'Recruta' }],
      ['PATCH', { name: 'Trial' }],
    ])
  })

  it('moves a rank up and down with buttons, keeping the focus on the rank and saying where it went', async () => {
    const { calls } = serveRanks([rank(0, 'Oficial'), rank(1, 'Raider'), rank(2, 'Trial')])
    renderPage(<RanksCard isAdmin />)
    await waitFor(() => expect(shownRanks()).toHaveLength(3))
    expect((screen.getByRole('button', { name: 'Subir Oficial' }) as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByRole('button', { name: 'Descer Trial' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Subir Trial' }))
    await waitFor(() =>
      expect(shownRanks().map((t) => t!.replace(/^Nível \d/, ''))).toEqual([
        'Oficialnenhum jogador',
        'Trialnenhum jogador',
        'Raidernenhum jogador',
      ]),
    )
    expect(screen.getByText('Trial agora é o cargo 2 de 3.')).toBeTruthy()
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Subir Trial' })),
    )
    // At the top, the focus goes to the button that still moves it.
    fireEvent.click(screen.getByRole('button', { name: 'Subir Trial' }))
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Descer Trial' })),
    )
    const orders = calls
      .filter((c) => c.method === 'PUT')
      .map((c) => (c.body as { rankIds: string[] }).rankIds)
    expect(orders).toEqual([
      [rank(0, '').id, rank(2, '').id, rank(1, '').id],
      [rank(2, '').id, rank(0, '').id, rank(1, '').id],
    ])
  })

  it('asks before deleting, naming how many players hold the rank', async () => {
    const { current } = serveRanks([rank(0, 'Raider', 2), rank(1, 'Trial', 1)])
    renderPage(<RanksCard isAdmin />)
    await waitFor(() => expect(shownRanks()).toHaveLength(2))
    fireEvent.click(screen.getByRole('button', { name: 'Excluir Raider' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(within(dialog).getByText('Excluir o cargo Raider?')).toBeTruthy()
    expect(
      within(dialog).getByText(
        '2 jogadores têm este cargo e ficarão sem cargo. Esta ação não pode ser desfeita.',
      ),
    ).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }))
    await waitForToast('success', 'Cargo excluído')
    expect(current().map((r) => r.name)).toEqual(['Trial'])
    await waitFor(() => expect(shownRanks()).toEqual(['Nível 1Trial1 jogador']))
  })

  // The same refusal said first: the card knows which items take the rank as minimum (Rank.minimumOf).
  it.each([
    {
      language: 'pt' as const,
      title: 'O cargo Raider ainda não pode ser excluído',
      said: 'Só Raider e acima recebem Anel, Botas, Capa e mais 2. Mude antes o cargo mínimo deles na página de Itens; depois o cargo pode ser excluído.',
      one: 'Só Trial e acima recebem Lâmina.',
      buttons: { open: 'Excluir Raider', confirm: 'Excluir', close: 'Fechar' },
    },
    {
      language: 'en' as const,
      title: 'Raider cannot be deleted yet',
      said: 'Only Raider and above receive Anel, Botas, Capa and 2 more. Change their minimum rank on the Items page first; then the rank can be deleted.',
      one: 'Only Trial and above receive Lâmina.',
      buttons: { open: 'Delete Raider', confirm: 'Delete', close: 'Close' },
    },
  ])(
    'says beforehand which items take the rank as minimum, and deletes nothing ($language)',
    async (words) => {
      await loadTexts(['ranks', 'errors', 'common'], words.language)
      const minimumOf = ['Anel', 'Botas', 'Capa', 'Elmo', 'Lâmina']
      const { calls } = serveRanks([rank(0, 'Raider', 2, minimumOf), rank(1, 'Trial', 0, ['Lâmina'])])
      renderPage(<RanksCard isAdmin />)
      await screen.findAllByRole('button', { name: words.buttons.open })
      fireEvent.click(screen.getByRole('button', { name: words.buttons.open }))
      const dialog = await screen.findByRole('alertdialog')
      expect(within(dialog).getByText(words.title)).toBeTruthy()
      expect(within(dialog).getByText(words.said)).toBeTruthy()
      const confirm = within(dialog).getByRole('button', { name: words.buttons.confirm }) as HTMLButtonElement
      expect(confirm.disabled || confirm.getAttribute('aria-disabled') === 'true').toBe(true)
      fireEvent.click(confirm)
      fireEvent.click(within(dialog).getByRole('button', { name: words.buttons.close }))
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
      expect(calls.filter((c) => c.method === 'DELETE')).toEqual([])
      // One item: named alone.
      const trial = screen.getAllByRole('button', { name: words.buttons.open.replace('Raider', 'Trial') })[0]!
      fireEvent.click(trial)
      const second = await screen.findByRole('alertdialog')
      expect(within(second).getByText(words.one, { exact: false })).toBeTruthy()
      fireEvent.click(within(second).getByRole('button', { name: words.buttons.close }))
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
      await loadTexts(['ranks', 'errors', 'common'], 'pt')
    },
  )

  // An outside tester deleted an item's minimum rank and the item opened to everyone. The server refuses now
  // (409 RANK_IS_ITEM_MINIMUM, naming the items in the reader's language); the card says its words and keeps
  // the rank and the dialog, so the admin can go and change the items.
  it("says why a rank that items take as minimum is not deleted, in the server's words", async () => {
    const message =
      'O item Lâmina só vai para este cargo e acima: mude o cargo mínimo dele antes. Nada foi excluído.'
    const calls = mockApi((call: ApiCall) => {
      if (call.path === '/me') return { body: me() }
      if (call.path === '/ranks') return { body: { ranks: [rank(0, 'Raider', 2)] } }
      if (call.path === '/rank-first') return { body: { rankFirst: false } }
      if (call.method === 'DELETE')
        return { status: 409, body: { error: { code: 'RANK_IS_ITEM_MINIMUM', message } } }
      return undefined
    })
    renderPage(<RanksCard isAdmin />)
    await waitFor(() => expect(shownRanks()).toHaveLength(1))
    fireEvent.click(screen.getByRole('button', { name: 'Excluir Raider' }))
    const dialog = await screen.findByRole('alertdialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }))
    await waitForToast('error', 'Não foi possível excluir o cargo', { description: message })
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1)
    // Still open on the refusal; closed, the rank is still there.
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(shownRanks()).toEqual(['Nível 1Raider2 jogadores']))
  })

  it('shows members the ranks read-only, and an admin without Pro why nothing can change', async () => {
    serveRanks([rank(0, 'Raider', 1)], me({}, { allowed: false, status: 'canceled', isExpired: true }))
    const { unmount } = renderPage(<RanksCard isAdmin />)
    expect(await screen.findByText('Recurso do plano Pro')).toBeTruthy()
    await waitFor(() => expect(shownRanks()).toEqual(['Nível 1Raider1 jogador']))
    expect(screen.queryByRole('button', { name: 'Novo cargo' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Excluir Raider' })).toBeNull()
    unmount()
    serveRanks([])
    renderPage(<RanksCard isAdmin={false} />)
    // A member is not asked to create what only admins can.
    expect(await screen.findByText('Nenhum cargo ainda.')).toBeTruthy()
    expect(screen.queryByText(/Crie os cargos/)).toBeNull()
    expect(screen.getByText('Só administradores gerenciam os cargos.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Novo cargo' })).toBeNull()
  })

  it('has names for every button and field, and a list of ranks (axe-core)', async () => {
    serveRanks([rank(0, 'Oficial', 1), rank(1, 'Raider', 2)])
    renderPage(<RanksCard isAdmin />)
    await waitFor(() => expect(shownRanks()).toHaveLength(2))
    // jsdom lays nothing out: the rules that need no layout (the browser journeys run axe's own).
    const results = await axe.run(document.body, {
      runOnly: { type: 'rule', values: ['button-name', 'label', 'list', 'listitem', 'aria-allowed-attr'] },
    })
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([])
  })
})
