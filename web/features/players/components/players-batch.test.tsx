import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Player } from '@contract/players'
import { player } from '@web/test/factories'
import { loadTexts, mockApi, renderPage } from '@web/test/render'
import { waitForToast } from '@web/test/toasts'
import { PlayersPage } from './players-page'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))
afterEach(() => vi.clearAllMocks())

// A raid roster pasted one name per line (an outside tester pasted four names into "Adicionar jogador" and got
// one long name): several players added in one change, all or nothing.

const WORDS = {
  pt: {
    addOne: 'Adicionar jogador',
    addSeveral: 'Adicionar vários',
    nameField: 'Nome do personagem',
    names: 'Nomes, um por linha',
    submit: 'Adicionar 3 jogadores',
    count: '3 nomes. Até 100 por vez.',
    added: '3 jogadores adicionados.',
    repeated: 'Nomes repetidos na lista (maiúsculas e acentos não contam): lyssa.',
    both: 'Nomes repetidos na lista (maiúsculas e acentos não contam): zé. Nomes que já são de jogadores da guild (maiúsculas e acentos não contam): ELOWEN.',
  },
  en: {
    addOne: 'Add player',
    addSeveral: 'Add several',
    nameField: 'Character name',
    names: 'Names, one per line',
    submit: 'Add 3 players',
    count: '3 names. Up to 100 at a time.',
    added: '3 players added.',
    repeated: 'Names repeated in the list (case and accents aside): lyssa.',
    both: "Names repeated in the list (case and accents aside): zé. Names the guild's players already have (case and accents aside): ELOWEN.",
  },
}

/** The page's button once the roster has loaded (both add buttons wait for it). */
async function enabledButton(name: string) {
  const button = (await screen.findAllByRole('button', { name }))[0] as HTMLButtonElement
  await waitFor(() => expect(button.disabled).toBe(false))
  return button
}

/** The players page over an API that adds the players it is sent; answers the calls made. */
function serve(players: Player[] = []) {
  const calls = mockApi(({ method, path, body }) => {
    if (method === 'GET' && path === '/players') return { body: { players } }
    if (method === 'GET' && path === '/ranks') return { body: { ranks: [] } }
    if (method === 'POST' && path === '/players-batch') {
      const added = (body as { names: string[] }).names.map((name) => player(name))
      players.push(...added)
      return { status: 201, body: { players: added } }
    }
  })
  renderPage(<PlayersPage />)
  return calls
}

describe.each(['pt', 'en'] as const)('adding several players (%s)', (language) => {
  const words = WORDS[language]

  it('takes a roster pasted into the one-player name field into the several-players dialog, and adds it', async () => {
    await loadTexts(['players'], language)
    const calls = serve()
    fireEvent.click(await enabledButton(words.addOne))
    // The one-player form is loaded on first use: slow on a busy machine.
    const single = await screen.findByRole('dialog')
    fireEvent.paste(within(single).getByLabelText(words.nameField), {
      clipboardData: { getData: () => 'Aeryn\r\n  Thoradin \n\nLyssa\n' },
    })
    const names = (await screen.findByLabelText(words.names)) as HTMLTextAreaElement
    // A text box keeps its lines with \n.
    expect(names.value).toBe('Aeryn\n  Thoradin \n\nLyssa\n')
    expect(screen.getByText(words.count)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: words.submit }))
    await waitForToast('success', words.added)
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      names: ['Aeryn', 'Thoradin', 'Lyssa'],
      rankId: null,
    })
    expect(await screen.findByText('Thoradin')).toBeTruthy()
  })

  // An outside test: only the repeats were said, and once they were fixed, the name the guild had.
  it("says at once the names that repeat in the list and those the guild's players have, and sends nothing", async () => {
    await loadTexts(['players'], language)
    const calls = serve([player('Élowen')])
    fireEvent.click(await enabledButton(words.addSeveral))
    const names = await screen.findByLabelText(words.names)
    fireEvent.change(names, { target: { value: 'Zé\nELOWEN\nzé\nAeryn' } })
    fireEvent.click(screen.getByRole('button', { name: /^(Adicionar|Add) 4/ }))
    expect(await screen.findByText(words.both)).toBeTruthy()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
  })

  it('says which names repeat in the list, on the field, and sends nothing', async () => {
    await loadTexts(['players'], language)
    const calls = serve()
    fireEvent.click(await enabledButton(words.addSeveral))
    const names = await screen.findByLabelText(words.names)
    fireEvent.change(names, { target: { value: 'Lyssa\nAeryn\nlyssa' } })
    fireEvent.click(screen.getByRole('button', { name: words.submit }))
    expect(await screen.findByText(words.repeated)).toBeTruthy()
    expect(names.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(names)
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
    expect(toast.success).not.toHaveBeenCalled()
  })
})

it("shows the server's refusal (a name another officer took meanwhile) on the field, and keeps the list", async () => {
  await loadTexts(['players'])
  mockApi(({ method, path }) => {
    // Not on this screen's roster yet: the dialog's own check cannot know it.
    if (method === 'GET' && path === '/players') return { body: { players: [] } }
    if (method === 'GET' && path === '/ranks') return { body: { ranks: [] } }
    if (method === 'POST' && path === '/players-batch')
      return {
        status: 409,
        body: {
          error: {
            code: 'PLAYER_NAMES_TAKEN',
            message: 'Estes nomes já são de jogadores da guild: elowen.',
            fields: { names: 'PLAYER_NAMES_TAKEN' },
          },
        },
      }
  })
  renderPage(<PlayersPage />)
  fireEvent.click(await enabledButton('Adicionar vários'))
  const names = (await screen.findByLabelText('Nomes, um por linha')) as HTMLTextAreaElement
  fireEvent.change(names, { target: { value: 'Garrosh\nelowen' } })
  fireEvent.click(screen.getByRole('button', { name: 'Adicionar 2 jogadores' }))
  expect(await screen.findByText('Estes nomes já são de jogadores da guild: elowen.')).toBeTruthy()
  expect(names.value).toBe('Garrosh\nelowen')
  expect(screen.getByRole('dialog')).toBeTruthy()
})

// An outside test with the keyboard (2026-12-07): the dialog's names field takes focus by itself (autoFocus),
// and focus fell to <body> once the players were added (web/components/ui/dialog.tsx, useReturnFocus).
it('gives focus back to "Adicionar vários" once the players are added', async () => {
  await loadTexts(['players'])
  serve()
  const opener = await enabledButton('Adicionar vários')
  opener.focus()
  fireEvent.click(opener)
  const names = await screen.findByLabelText('Nomes, um por linha')
  await waitFor(() => expect(document.activeElement).toBe(names))
  fireEvent.change(names, { target: { value: 'Garrosh\nElowen' } })
  fireEvent.click(screen.getByRole('button', { name: 'Adicionar 2 jogadores' }))
  await waitForToast('success', '2 jogadores adicionados.')
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  await waitFor(() => expect(document.activeElement).toBe(opener))
})
