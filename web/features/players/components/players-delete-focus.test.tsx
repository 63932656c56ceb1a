import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { player } from '@web/test/factories'
import { loadTexts, mockApi, renderPage } from '@web/test/render'
import { PlayersPage } from './players-page'

// An outside test (2026-12-07): after Jogadores › Excluir <player› › Excluir, focus fell to <body> (the row and
// its button were gone), and a keyboard user had to Tab again from the top of the page. It goes to the row now
// in the deleted one's place: the next player, the previous one when the last was deleted, the page's heading
// when none is left.

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

beforeAll(() => loadTexts(['players']))

/** A guild of `names`; DELETE takes the player out of what the next GET answers. */
function serve(names: string[]) {
  let players = names.map((name) => player(name))
  mockApi(({ method, path }) => {
    if (method === 'GET' && path === '/players') return { body: { players } }
    if (method === 'GET' && path === '/ranks') return { body: { ranks: [] } }
    if (method === 'DELETE') {
      players = players.filter((p) => path !== `/players/${p.id}`)
      return { status: 204 }
    }
  })
}

async function deleteFromKeyboard(name: string) {
  const button = await screen.findByRole('button', { name: `Excluir ${name}` })
  button.focus()
  fireEvent.click(button)
  const confirm = await screen.findByRole('alertdialog')
  fireEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }))
  // The list shows the change: the row is gone.
  await waitFor(() => expect(screen.queryByRole('button', { name: `Excluir ${name}` })).toBeNull())
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
}

const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr')

describe('focus after deleting a player', () => {
  it('goes to the row now in its place, then the previous one, then the page heading', async () => {
    serve(['Aragorn', 'Boromir', 'Gimli'])
    renderPage(<PlayersPage />)

    await deleteFromKeyboard('Boromir')
    await waitFor(() => expect(document.activeElement).toBe(rowOf('Gimli')))

    await deleteFromKeyboard('Gimli')
    await waitFor(() => expect(document.activeElement).toBe(rowOf('Aragorn')))

    await deleteFromKeyboard('Aragorn')
    await waitFor(() => expect(document.activeElement?.tagName).toBe('H1'))
    expect(document.activeElement).not.toBe(document.body)
  })
})
