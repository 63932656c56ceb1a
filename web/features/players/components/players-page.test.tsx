import { fireEvent, screen, within } from '@testing-library/react'
import { toast } from 'sonner'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { Player } from '@contract/players'
import { loadTexts, mockApi, renderPage } from '@web/test/render'
import { PlayersPage } from './players-page'
import { waitForToast } from '@web/test/toasts'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

const player = (name: string, playerStatus: Player['playerStatus'], notes: string | null = null): Player => ({
  id: crypto.randomUUID(),
  name,
  notes,
  playerStatus,
  isActive: playerStatus === 'active',
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

    const roster = await screen.findByRole('table', { name: 'Jogadores da Guild' })
    expect(within(roster).getByText('Aragorn')).toBeTruthy()
    expect(within(roster).getByText('Boromir')).toBeTruthy()
    expect(within(roster).getByText('Inativo')).toBeTruthy()
    expect(within(roster).queryByText('Saruman')).toBeNull()
    const expelled = screen.getByRole('table', { name: 'Jogadores Expulsos' })
    expect(within(expelled).getByText('Saruman')).toBeTruthy()
    // Each name opens the player's page (place in every queue, receipts, moves).
    expect(within(roster).getByRole('link', { name: 'Aragorn' }).getAttribute('href')).toBe(
      `/dashboard/players/${players[0]!.id}`,
    )
  })

  it('shows no expelled table when nobody is expelled, and an empty state without players', async () => {
    mockApi(() => ({ body: { players: [] } }))
    renderPage(<PlayersPage />)
    expect(await screen.findByText(/Nenhum jogador cadastrado ainda/)).toBeTruthy()
    expect(screen.queryByText('Jogadores Expulsos')).toBeNull()
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
    fireEvent.click(screen.getAllByRole('button', { name: 'Adicionar Jogador' })[0]!)
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar' }))
    expect(await within(dialog).findByText('O nome do personagem é obrigatório.')).toBeTruthy()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)

    fireEvent.change(within(dialog).getByLabelText('Nome do Personagem'), { target: { value: '  Legolas ' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar' }))
    await waitForToast('success', 'Jogador adicionado com sucesso!')
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Legolas',
      notes: null,
      playerStatus: 'active',
    })
    expect(await screen.findByText('Legolas')).toBeTruthy()
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
