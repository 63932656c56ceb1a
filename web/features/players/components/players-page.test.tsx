import { fireEvent, screen, within } from '@testing-library/react'
import axe from 'axe-core'
import { toast } from 'sonner'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { PLAYER_NAME_MAX, PLAYER_NOTES_MAX, type Player } from '@contract/players'
import { describedAs, loadTexts, mockApi, renderPage } from '@web/test/render'
import { PlayersPage } from './players-page'
import { waitForToast } from '@web/test/toasts'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

const player = (name: string, playerStatus: Player['playerStatus'], notes: string | null = null): Player => ({
  id: crypto.randomUUID(),
  name,
  notes,
  playerStatus,
  isActive: playerStatus === 'active',
  rankId: null,
  createdAt: '2025-01-10T12:00:00.000Z',
})

beforeAll(() => loadTexts(['players']))

describe('players page', () => {
  it('lists active and inactive players together and expelled ones in their own table', async () => {
    const players = [
      player('Aragorn', 'active', 'Tank'),
      player('Boromir', 'inactive'),
      player('Saruman', 'expelled'),
    ]
    mockApi(({ method, path }) =>
      method === 'GET' && path === '/players' ? { body: { players } } : undefined,
    )
    renderPage(<PlayersPage />)

    const roster = await screen.findByRole('table', { name: 'Jogadores da guild' })
    expect(within(roster).getByText('Aragorn')).toBeTruthy()
    expect(within(roster).getByText('Boromir')).toBeTruthy()
    // The status column, and on a phone the line under the name (CSS shows one of them).
    expect(within(roster).getAllByText('Inativo')).toHaveLength(2)
    expect(within(roster).queryByText('Saruman')).toBeNull()
    const expelled = screen.getByRole('table', { name: 'Jogadores expulsos' })
    expect(within(expelled).getByText('Saruman')).toBeTruthy()
    // Each name opens the player's page (place in every queue, receipts, moves).
    expect(within(roster).getByRole('link', { name: 'Aragorn' }).getAttribute('href')).toBe(
      `/dashboard/players/${players[0]!.id}`,
    )
  })

  it('shows no expelled table when nobody is expelled, and an empty state without players', async () => {
    mockApi(({ path }) => ({ body: path === '/ranks' ? { ranks: [] } : { players: [] } }))
    renderPage(<PlayersPage />)
    expect(await screen.findByText(/Nenhum jogador cadastrado ainda/)).toBeTruthy()
    expect(screen.queryByText('Jogadores expulsos')).toBeNull()
  })

  it('adds a player: the name is required, empty notes are sent as null, and a toast confirms', async () => {
    const players: Player[] = []
    const calls = mockApi(({ method, path, body }) => {
      if (method === 'GET' && path === '/players') return { body: { players } }
      if (method === 'POST' && path === '/players') {
        const created = player((body as { name: string }).name, 'active')
        players.push(created)
        return { status: 201, body: created }
      }
    })
    renderPage(<PlayersPage />)
    await screen.findByText(/Nenhum jogador cadastrado ainda/)
    fireEvent.click(screen.getAllByRole('button', { name: 'Adicionar jogador' })[0]!)
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar' }))
    expect(await within(dialog).findByText('O nome do personagem é obrigatório.')).toBeTruthy()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)

    fireEvent.change(within(dialog).getByLabelText('Nome do personagem'), { target: { value: '  Legolas ' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar' }))
    await waitForToast('success', 'Jogador adicionado com sucesso!')
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Legolas',
      notes: null,
      playerStatus: 'active',
    })
    expect(await screen.findByText('Legolas')).toBeTruthy()
  })

  it('says under the name field that the guild already has a player of that name (409 PLAYER_NAME_TAKEN)', async () => {
    await loadTexts(['errors'])
    mockApi(({ method, path }) => {
      if (method === 'GET' && path === '/players') return { body: { players: [player('Aeryn', 'active')] } }
      if (method === 'POST' && path === '/players')
        return {
          status: 409,
          body: { error: { code: 'PLAYER_NAME_TAKEN', message: 'x', fields: { name: 'PLAYER_NAME_TAKEN' } } },
        }
    })
    renderPage(<PlayersPage />)
    await screen.findByText('Aeryn')
    fireEvent.click(screen.getAllByRole('button', { name: 'Adicionar jogador' })[0]!)
    const dialog = await screen.findByRole('dialog')
    fireEvent.change(within(dialog).getByLabelText('Nome do personagem'), { target: { value: 'aéryn' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar' }))
    expect(
      await within(dialog).findByText(
        'A guild já tem um jogador com este nome (maiúsculas e acentos não contam).',
      ),
    ).toBeTruthy()
    expect(toast.error).not.toHaveBeenCalled()
  })

  // "Texto muito longo." said nothing of how much to cut: the limit is the contract's, from the form's own
  // check or from the server's answer (its `limits`).
  it('says under a text too long how many characters it takes, checked here or refused by the server', async () => {
    const calls = mockApi(({ method, path }) => {
      if (method === 'GET' && path === '/players') return { body: { players: [] } }
      if (method === 'POST' && path === '/players')
        return {
          status: 400,
          body: {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'x',
              fields: { name: 'tooLong' },
              limits: { name: { max: PLAYER_NAME_MAX } },
            },
          },
        }
    })
    renderPage(<PlayersPage />)
    await screen.findByText(/Nenhum jogador cadastrado ainda/)
    fireEvent.click(screen.getAllByRole('button', { name: 'Adicionar jogador' })[0]!)
    const dialog = await screen.findByRole('dialog')
    fireEvent.change(within(dialog).getByLabelText('Nome do personagem'), { target: { value: 'Legolas' } })
    // The textarea stops typing at the limit; a paste or a script can pass it.
    const notes = within(dialog).getByLabelText('Observações')
    fireEvent.change(notes, { target: { value: 'n'.repeat(PLAYER_NOTES_MAX + 1) } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar' }))
    expect(
      await within(dialog).findByText(`Texto longo demais: no máximo ${PLAYER_NOTES_MAX} caracteres.`),
    ).toBeTruthy()
    expect(notes.getAttribute('aria-invalid')).toBe('true')
    expect(calls.some((c) => c.method === 'POST')).toBe(false)

    fireEvent.change(notes, { target: { value: 'Arqueiro' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar' }))
    expect(
      await within(dialog).findByText(`Texto longo demais: no máximo ${PLAYER_NAME_MAX} caracteres.`),
    ).toBeTruthy()
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1)
    expect(within(dialog).queryByText(/no máximo 1000/)).toBeNull()
    expect(toast.error).not.toHaveBeenCalled()
  })

  it('says under the name how many characters are left, so the field never cuts a long name unsaid', async () => {
    mockApi(({ method, path }) =>
      method === 'GET' && path === '/players' ? { body: { players: [] } } : undefined,
    )
    renderPage(<PlayersPage />)
    await screen.findByText(/Nenhum jogador cadastrado ainda/)
    fireEvent.click(screen.getAllByRole('button', { name: 'Adicionar jogador' })[0]!)
    const dialog = await screen.findByRole('dialog')
    const name = within(dialog).getByLabelText('Nome do personagem')
    // No maxLength: the browser would cut a paste at the limit, silently.
    expect(name.getAttribute('maxlength')).toBeNull()
    expect(describedAs(name)).toBe(`Restam ${PLAYER_NAME_MAX} caracteres.`)
    fireEvent.change(name, { target: { value: 'Legolas' } })
    expect(describedAs(name)).toBe(`Restam ${PLAYER_NAME_MAX - 7} caracteres.`)
    fireEvent.change(name, { target: { value: 'x'.repeat(PLAYER_NAME_MAX) } })
    expect(describedAs(name)).toBe('Restam 0 caracteres.')
    expect(name.getAttribute('aria-invalid')).toBeNull()
    fireEvent.change(name, { target: { value: 'x'.repeat(PLAYER_NAME_MAX - 1) } })
    expect(describedAs(name)).toBe('Resta 1 caractere.')
  })

  it('keeps a name pasted over the limit whole, says by how much it is over, and refuses to save it', async () => {
    const calls = mockApi(({ method, path }) =>
      method === 'GET' && path === '/players' ? { body: { players: [] } } : undefined,
    )
    renderPage(<PlayersPage />)
    await screen.findByText(/Nenhum jogador cadastrado ainda/)
    fireEvent.click(screen.getAllByRole('button', { name: 'Adicionar jogador' })[0]!)
    const dialog = await screen.findByRole('dialog')
    const name = within(dialog).getByLabelText<HTMLInputElement>('Nome do personagem')
    const pasted = 'x'.repeat(300)
    fireEvent.change(name, { target: { value: pasted } })
    expect(name.value).toBe(pasted)
    expect(describedAs(name)).toBe(`${300 - PLAYER_NAME_MAX} caracteres a mais.`)
    expect(within(dialog).getByText('220 caracteres a mais.').className).toContain('text-destructive')
    expect(name.getAttribute('aria-invalid')).toBe('true')
    fireEvent.change(name, { target: { value: 'x'.repeat(PLAYER_NAME_MAX + 1) } })
    expect(describedAs(name)).toBe('1 caractere a mais.')
    fireEvent.change(name, { target: { value: pasted } })

    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar' }))
    const error = `Texto longo demais: no máximo ${PLAYER_NAME_MAX} caracteres.`
    expect(await within(dialog).findByText(error)).toBeTruthy()
    expect(describedAs(name)).toBe(`${error} 220 caracteres a mais.`)
    expect(name.value).toBe(pasted)
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
  })

  it('deletes a player only after the confirm dialog, and reports a failure with its title', async () => {
    const gimli = player('Gimli', 'active')
    const calls = mockApi(({ method, path }) => {
      if (method === 'GET' && path === '/players') return { body: { players: [gimli] } }
      if (method === 'DELETE') return { status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } }
    })
    renderPage(<PlayersPage />)
    fireEvent.click(await screen.findByRole('button', { name: 'Excluir Gimli' }))
    const confirm = await screen.findByRole('alertdialog')
    expect(within(confirm).getByText('Tem certeza que deseja excluir este jogador?')).toBeTruthy()
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false)
    fireEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }))
    await waitForToast('error', 'Erro ao excluir jogador', {
      description: 'Ocorreu um erro inesperado. Tente novamente.',
    })
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/players/${gimli.id}`])
    expect(screen.getByRole('alertdialog')).toBeTruthy()
  })

  it('shows the no-guild notice when the API says the user has no guild', async () => {
    mockApi(() => ({ status: 403, body: { error: { code: 'NO_GUILD', message: 'x' } } }))
    renderPage(<PlayersPage />)
    expect(await screen.findByText('Nenhuma guild associada')).toBeTruthy()
    expect(toast.error).not.toHaveBeenCalled()
  })
})

describe('players page, in a guild with ranks', () => {
  const RAIDER = '00000000-0000-4000-8000-0000000000b0'
  const TRIAL = '00000000-0000-4000-8000-0000000000b1'
  const ranks = [
    { id: RAIDER, name: 'Raider', level: 0, playerCount: 1 },
    { id: TRIAL, name: 'Trial', level: 1, playerCount: 0 },
  ]

  function serve() {
    const players = [
      { ...player('Aragorn', 'active'), rankId: RAIDER },
      player('Boromir', 'active'),
      player('Gimli', 'inactive'),
    ]
    const calls = mockApi(({ method, path, body }) => {
      if (method === 'GET' && path === '/players') return { body: { players } }
      if (method === 'GET' && path === '/ranks') return { body: { ranks } }
      if (method === 'PUT' && path === '/players-rank') {
        const change = body as { playerIds: string[]; rankId: string | null }
        for (const p of players) if (change.playerIds.includes(p.id)) p.rankId = change.rankId
        return { body: { changed: change.playerIds.length } }
      }
      if (method === 'POST' && path === '/players') {
        const made = { ...player((body as { name: string }).name, 'active'), rankId: TRIAL }
        players.push(made)
        return { status: 201, body: made }
      }
    })
    return { calls, players }
  }

  const rows = () =>
    within(screen.getByRole('table', { name: 'Jogadores da guild' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => {
        // Select, name (its link; a phone's rank and status line follows it), notes, rank, status…
        const cells = within(row).getAllByRole('cell')
        return [within(cells[1]!).getByRole('link').textContent, cells[3]!.textContent]
      })

  it('shows each rank, filters by rank, and gives the selected players one rank in one request', async () => {
    const { calls, players } = serve()
    renderPage(<PlayersPage />)
    await screen.findByRole('checkbox', { name: 'Selecionar Aragorn' })
    expect(rows()).toEqual([
      ['Aragorn', 'Raider'],
      ['Boromir', expect.not.stringContaining('Raider')],
      ['Gimli', expect.not.stringContaining('Raider')],
    ])
    // A phone's line under the name names a rank only when the player has one: no dash for the unranked (noise).
    const phoneLine = (name: string) =>
      screen.getByRole('link', { name }).parentElement!.querySelector('.sm\\:hidden')!.textContent
    expect(phoneLine('Aragorn')).toBe('RaiderAtivo')
    expect(phoneLine('Boromir')).toBe('Ativo')
    fireEvent.click(screen.getByRole('checkbox', { name: 'Selecionar Boromir' }))
    fireEvent.click(screen.getByRole('checkbox', { name: 'Selecionar Gimli' }))
    expect(screen.getByText('Novo cargo dos 2 jogadores selecionados')).toBeTruthy()
    // The first rank is offered: Raider.
    fireEvent.click(screen.getByRole('button', { name: 'Mudar cargo' }))
    await waitForToast('success', 'Cargo alterado para 2 jogadores')
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        path: '/players-rank',
        body: { playerIds: [players[1]!.id, players[2]!.id], rankId: RAIDER },
      },
    ])
    expect(await screen.findByText('Novo cargo (selecione jogadores na tabela)')).toBeTruthy()
  })

  it('lists only the players of the rank chosen in the filter, or those without one', async () => {
    serve()
    renderPage(<PlayersPage />)
    await screen.findByRole('checkbox', { name: 'Selecionar Aragorn' })
    fireEvent.click(screen.getByRole('combobox', { name: 'Filtrar por cargo' }))
    fireEvent.click(await screen.findByRole('option', { name: 'Sem cargo' }))
    expect(rows().map(([name]) => name)).toEqual(['Boromir', 'Gimli'])
    fireEvent.click(screen.getByRole('combobox', { name: 'Filtrar por cargo' }))
    fireEvent.click(await screen.findByRole('option', { name: 'Trial' }))
    expect(await screen.findByText('Nenhum jogador com este cargo.')).toBeTruthy()
  })

  it('names every checkbox, select and button of the rank tools (axe-core)', async () => {
    serve()
    renderPage(<PlayersPage />)
    await screen.findByRole('checkbox', { name: 'Selecionar Aragorn' })
    const results = await axe.run(document.body, {
      runOnly: { type: 'rule', values: ['button-name', 'label', 'aria-input-field-name', 'select-name'] },
    })
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([])
  })

  it("adds a player with a rank chosen in the dialog's select", async () => {
    const { calls } = serve()
    renderPage(<PlayersPage />)
    await screen.findByRole('checkbox', { name: 'Selecionar Aragorn' })
    fireEvent.click(screen.getAllByRole('button', { name: 'Adicionar jogador' })[0]!)
    const dialog = await screen.findByRole('dialog')
    fireEvent.change(within(dialog).getByLabelText('Nome do personagem'), { target: { value: 'Legolas' } })
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Cargo' }))
    fireEvent.click(await screen.findByRole('option', { name: 'Trial' }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar' }))
    await waitForToast('success', 'Jogador adicionado com sucesso!')
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Legolas',
      notes: null,
      playerStatus: 'active',
      rankId: TRIAL,
    })
  })
})
