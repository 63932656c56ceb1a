import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { PublicItem, PublicQueue, PublicQueueEntry } from '@contract/public'
import { publicEntry } from '@web/test/factories'
import { loadTexts, mockApi, renderPage } from '@web/test/render'
import { PublicQueuePanel } from './public-queue-panel'

// Issue 14, item 3: the "next" highlight follows the product's rule (docs/decisions/001-queue-ordering.md):
// the first pending player without an active penalty, never the first row when that player already
// received.

const SLUG = 'night-raiders'
const ITEM: PublicItem = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Ashbringer',
  description: null,
  rarity: null,
  itemType: null,
  queueCount: 4,
}
const future = new Date(Date.now() + 3 * 86_400_000).toISOString()
const past = new Date(Date.now() - 86_400_000).toISOString()

function serve(entries: PublicQueueEntry[]) {
  const queue: PublicQueue = { itemId: ITEM.id, lastRecipient: null, entries }
  mockApi(({ path }) =>
    path === `/public/guilds/${SLUG}/items/${ITEM.id}/queue` ? { body: queue } : undefined,
  )
}

const NEXT = { pt: 'Próximo na fila', en: 'Next in line' } as const

describe.each(['pt', 'en'] as const)('public queue, next in line (%s)', (language) => {
  async function rows(entries: PublicQueueEntry[]) {
    await loadTexts(['public'], language)
    serve(entries)
    renderPage(<PublicQueuePanel slug={SLUG} item={ITEM} />)
    const list = await screen.findByRole('list')
    return within(list).getAllByRole('listitem')
  }
  const highlighted = (li: HTMLElement) => li.className.includes('border-primary')

  it('highlights the first pending, unpenalised player, not a first row who already received', async () => {
    const shown = await rows([
      publicEntry(1, 'Ana', { attendanceStatus: 'received', timesReceived: 1 }),
      publicEntry(2, 'Bob', { isPenalized: true, penaltyUntil: future, penaltyNote: 'late' }),
      publicEntry(3, 'Cid'),
      publicEntry(4, 'Dee'),
    ])
    expect(shown).toHaveLength(4)
    expect(shown.map(highlighted)).toEqual([false, false, true, false])
    expect(shown.map((li) => li.textContent?.includes(NEXT[language]))).toEqual([false, false, true, false])
  })

  it('a penalty that has lapsed no longer keeps a pending player from being next', async () => {
    const shown = await rows([
      publicEntry(1, 'Ana', { isPenalized: true, penaltyUntil: past }),
      publicEntry(2, 'Bob'),
    ])
    expect(shown.map(highlighted)).toEqual([true, false])
  })

  it('highlights nobody when nobody is pending', async () => {
    const shown = await rows([
      publicEntry(1, 'Ana', { attendanceStatus: 'received' }),
      publicEntry(2, 'Bob', { attendanceStatus: 'absent' }),
      publicEntry(3, 'Cid', { attendanceStatus: 'not_interested' }),
    ])
    expect(shown).toHaveLength(3)
    expect(shown.map(highlighted)).toEqual([false, false, false])
    expect(screen.queryByText(NEXT[language])).toBeNull()
  })
})
