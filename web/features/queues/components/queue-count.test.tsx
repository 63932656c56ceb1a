import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { entry, ITEM_ID, item, view } from '@web/test/factories'
import { loadTexts, mockApi, renderPage } from '@web/test/render'
import { QueuesTab } from './queues-tab'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

// Issue 14, item 7: a queue's count reads as a plural in both languages ('0 jogadores', '1 jogador').

const texts = {
  pt: ['0 jogadores na fila', '1 jogador na fila', '2 jogadores na fila'],
  en: ['0 players in queue', '1 player in queue', '2 players in queue'],
} as const

describe.each(['pt', 'en'] as const)('queue counts (%s)', (language) => {
  it.each([0, 1, 2])('%i entries', async (count) => {
    await loadTexts(['items'], language)
    const entries = Array.from({ length: count }, (_, i) => entry(i + 1))
    mockApi(({ path }) => {
      if (path === `/items/${ITEM_ID}/queue`) return { body: view(entries) }
      if (path === '/players') return { body: { players: [] } }
    })
    const sword = item({ id: ITEM_ID, name: 'Espada', queueCount: count })
    renderPage(<QueuesTab items={[sword]} selected={sword} onSelect={() => {}} />)
    const text = texts[language][count]!
    // The item list (for screen readers) and the queue's header both say it.
    await waitFor(() => expect(screen.getAllByText(text)).toHaveLength(2))
  })
})
