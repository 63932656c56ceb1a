import { fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { PlayerStanding } from '@contract/player-standing'
import { queuePlace } from '@web/test/factories'
import { apiError, loadTexts, mockApi, renderPage } from '@web/test/render'
import { waitForToast } from '@web/test/toasts'
import { PlayerStandingPage } from './player-standing-page'

// An outside tester (2026-12-07): a recruit created mid-season took an "add" per item to join every queue.
// The player's page now does it in one step and says how many queues the player joined.

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

beforeAll(() => loadTexts(['players', 'standing']))

const PLAYER_ID = '00000000-0000-4000-8000-0000000000aa'

const standingOf = (over: Partial<PlayerStanding['player']>, queues: PlayerStanding['queues']) => ({
  player: { id: PLAYER_ID, name: 'Eva', playerStatus: 'active' as const, ...over },
  queues,
  received: [],
  receivedTotal: 0,
  moves: [],
  attendance: null,
  timeZone: 'America/Sao_Paulo',
  checkAgainAt: null,
})

/** A recruit in no queue; the POST puts her in `joined` queues (the next read of her page lists them). */
function serve(joined: number, refusal?: string) {
  let queues: PlayerStanding['queues'] = []
  return mockApi(({ method, path }) => {
    if (method === 'GET' && path === `/players/${PLAYER_ID}/standing`) return { body: standingOf({}, queues) }
    if (method === 'POST' && path === `/players/${PLAYER_ID}/every-queue`) {
      if (refusal) return apiError(409, refusal)
      queues = Array.from({ length: joined }, (_, i) =>
        queuePlace({ itemId: `00000000-0000-4000-8000-00000000000${i + 1}`, itemName: `Item ${i + 1}` }),
      )
      return { body: { added: joined, itemIds: queues.map((q) => q.itemId) } }
    }
  })
}

const pressAddToEvery = async () =>
  fireEvent.click(await screen.findByRole('button', { name: 'Adicionar a todas as filas' }))

describe("the player's page: add to every queue", () => {
  it('puts the player in every queue in one request, says how many and shows the queues', async () => {
    const calls = serve(5)
    renderPage(<PlayerStandingPage id={PLAYER_ID} />)
    expect(await screen.findByText('Não está em nenhuma fila.')).toBeTruthy()
    await pressAddToEvery()
    await waitForToast('success', 'Adicionado a 5 filas')
    await waitFor(() => expect(screen.getByText('Item 5')).toBeTruthy())
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1)
  })

  it('says so when the player was already in every queue', async () => {
    serve(0)
    renderPage(<PlayerStandingPage id={PLAYER_ID} />)
    await pressAddToEvery()
    await waitForToast('info', 'Já está em todas as filas')
  })

  it("says the server's refusal of a player no longer active, translated", async () => {
    serve(0, 'PLAYER_INACTIVE')
    renderPage(<PlayerStandingPage id={PLAYER_ID} />)
    await pressAddToEvery()
    await waitForToast('error', 'Não foi possível adicionar às filas', {
      description: 'Apenas jogadores ativos podem entrar na fila.',
    })
  })

  it('is not offered for an inactive or expelled player', async () => {
    mockApi(({ path }) =>
      path.endsWith('/standing') ? { body: standingOf({ playerStatus: 'inactive' }, []) } : undefined,
    )
    renderPage(<PlayerStandingPage id={PLAYER_ID} />)
    expect(await screen.findByRole('heading', { name: 'Eva' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Adicionar a todas as filas' })).toBeNull()
  })
})
