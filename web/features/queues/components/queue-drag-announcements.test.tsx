import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { entry, ITEM_ID, item, view } from '@web/test/factories'
import { loadTexts, mockApi, renderPage } from '@web/test/render'
import { QueuePanel } from './queue-panel'

// An outside tester: lifting Ulfric by keyboard was announced "Ulfric está sobre a posição 24 de 25." (dnd-kit
// reports the lifted row over its own place at once), never that he was picked up nor how to move him.

const texts = {
  pt: {
    handle: 'Arrastar Aria (posição 1)',
    pickedUp:
      'Aria foi pego na posição 1 de 3. Use as setas para cima e para baixo para movê-lo, espaço ou enter para soltar, Escape para cancelar.',
  },
  en: {
    handle: 'Drag Aria (position 1)',
    pickedUp:
      'Picked up Aria at position 1 of 3. Use the up and down arrows to move them, space or enter to drop, Escape to cancel.',
  },
} as const

/** dnd-kit's live region: it keeps only the latest announcement. */
const liveRegion = () => document.querySelector('[id^="DndLiveRegion"]')?.textContent ?? null

describe.each(['pt', 'en'] as const)('keyboard drag announcements (%s)', (language) => {
  it('lifting a player says they were picked up, where, and how to move, drop or cancel', async () => {
    await loadTexts(['items'], language)
    const queue = view(['Aria', 'Bruno', 'Caio'].map((playerName, i) => entry(i + 1, { playerName })))
    mockApi(({ method, path }) => {
      if (method === 'GET' && path === `/items/${ITEM_ID}/queue`) return { body: queue }
      if (method === 'GET' && path === '/players') return { body: { players: [] } }
    })
    renderPage(<QueuePanel item={item({ id: ITEM_ID, name: 'Espada' })} />)

    const handle = await screen.findByRole('button', { name: texts[language].handle })
    handle.focus()
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' })
    await waitFor(() => expect(liveRegion()).toBe(texts[language].pickedUp))
    // Still the pick-up message once dnd-kit has measured the rows and found the lifted one over its place.
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(liveRegion()).toBe(texts[language].pickedUp)
    fireEvent.keyDown(handle, { code: 'Escape', key: 'Escape' })
  })
})
