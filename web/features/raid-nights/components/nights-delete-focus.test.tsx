import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { RaidNight } from '@contract/raid-nights'
import { loadTexts, readerOn, renderPage } from '@web/test/render'
import { waitForToast } from '@web/test/toasts'
import { EventsPage } from './events-page'
import { night, serveNights } from './raid-nights.test-support'

// An outside test (2026-12-07): on the nights list on a phone, a row's menu › Excluir (or Cancelar evento) ›
// confirm sent the focus to the page's heading, not to the row now in its place as deleting a player does: the
// question is asked from the menu's item, outside the row (web/lib/focus-place.ts rowPlaceOf).

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

beforeAll(() => loadTexts(['events']))
beforeEach(() => readerOn('America/Sao_Paulo'))

/** Upcoming nights; a delete or a cancel takes the night out of what the next list answers. */
function serve(names: string[]) {
  const upcoming: RaidNight[] = names.map((name) => night({ name }))
  const takeOut = (path: string) => {
    const at = upcoming.findIndex((n) => path.startsWith(`/raid-nights/${n.id}`))
    return upcoming.splice(at, 1)[0]!
  }
  serveNights({
    upcoming,
    replies: Object.fromEntries(
      upcoming.flatMap((n) => [
        [
          `DELETE /raid-nights/${n.id}`,
          ({ path }: { path: string }) => {
            takeOut(path)
            return { status: 204 }
          },
        ],
        [
          `POST /raid-nights/${n.id}/status`,
          ({ path }: { path: string }) => ({ body: { ...takeOut(path), status: 'cancelled' } }),
        ],
      ]),
    ),
  })
}

/** The row's menu opened from the keyboard, one of its items chosen, and the question confirmed. */
async function fromRowMenu(name: string, item: string, confirm: string, done: string) {
  const menu = screen.getByRole('button', { name: `Mais ações para ${name}` })
  menu.focus()
  fireEvent.keyDown(menu, { key: 'Enter' })
  fireEvent.click(await screen.findByRole('menuitem', { name: item }))
  const ask = await screen.findByRole('alertdialog')
  fireEvent.click(within(ask).getByRole('button', { name: confirm }))
  await waitForToast('success', done)
  await waitFor(() => expect(screen.queryByRole('link', { name })).toBeNull())
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
}

const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr')

describe('focus after deleting or cancelling a night from its row’s menu', () => {
  it('goes to the row now in its place, then the previous one', async () => {
    serve(['Raid de segunda', 'Raid de quarta', 'Raid de sexta'])
    renderPage(<EventsPage />)
    await screen.findByRole('link', { name: 'Raid de quarta' })

    await fromRowMenu('Raid de quarta', 'Excluir', 'Excluir', 'Evento excluído')
    await waitFor(() => expect(document.activeElement).toBe(rowOf('Raid de sexta')))

    await fromRowMenu('Raid de sexta', 'Cancelar evento', 'Cancelar evento', 'Evento cancelado')
    await waitFor(() => expect(document.activeElement).toBe(rowOf('Raid de segunda')))
  })
})
