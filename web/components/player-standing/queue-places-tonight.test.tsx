import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { queuePlace } from '@web/test/factories'
import { loadTexts, renderPage } from '@web/test/render'
import { QueuePlaces } from './queue-places'

// During a raid night a player's page says what the public queue says: the place among who is here ("#2
// hoje") or "Fora hoje". An outside tester's no-show player read "Posição 1 … Nenhum jogador pendente à
// frente" instead: the page now says he is away tonight, and who is ahead counts only who is here.

const place = queuePlace

const WORDS = {
  pt: {
    away: 'Fora hoje',
    awayWhy: 'Fora hoje: enquanto o evento durar, os jogadores presentes recebem antes.',
    nobodyAhead: 'Nenhum jogador pendente à frente',
    place: (n: number) => `#${n} hoje`,
    placeLabel: (n: number) => `Posição entre os jogadores presentes hoje: ${n}`,
    next: 'Próximo hoje',
    oneAhead: '1 jogador pendente à frente entre os presentes hoje',
  },
  en: {
    away: 'Not here tonight',
    awayWhy: 'Not here tonight: while the event runs, the players who are here receive first.',
    nobodyAhead: 'No pending players ahead',
    place: (n: number) => `#${n} tonight`,
    placeLabel: (n: number) => `Place among the players here tonight: ${n}`,
    next: 'Next tonight',
    oneAhead: '1 pending player ahead among those here tonight',
  },
}

describe.each(['pt', 'en'] as const)("a player's queues during a raid night (%s)", (language) => {
  const words = WORDS[language]

  it('says away tonight instead of nobody ahead, and each place among who is here', async () => {
    await loadTexts(['standing'], language)
    renderPage(
      <QueuePlaces
        name="Ana"
        places={[
          // The tester's no-show: first in the queue, not next tonight.
          place({ tonight: { place: null } }),
          place({
            itemId: '00000000-0000-4000-8000-000000000002',
            itemName: 'Escudo',
            position: 3,
            isNext: true,
            tonight: { place: 1 },
          }),
          place({
            itemId: '00000000-0000-4000-8000-000000000003',
            itemName: 'Elmo',
            position: 4,
            pendingAhead: 1,
            tonight: { place: 2 },
          }),
        ]}
      />,
    )
    const [sword, shield, helm] = (await screen.findAllByTestId('queue-place')) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ]
    expect(sword.textContent).toContain(words.awayWhy)
    expect(sword.textContent).not.toContain(words.nobodyAhead)
    expect(sword.querySelector('[data-testid="pending-ahead"]')).toBeNull()
    expect(shield.textContent).toContain(words.place(1))
    expect(shield.textContent).toContain(words.next)
    expect(helm.textContent).toContain(words.place(2))
    expect(helm.textContent).toContain(words.oneAhead)
    // The same tag as the public queue's rows, named for a screen reader.
    expect(screen.getByLabelText(words.placeLabel(2))).toBe(
      helm.querySelector(`[aria-label="${words.placeLabel(2)}"]`),
    )
    expect(screen.getAllByText(words.away, { exact: true })).toHaveLength(1)
  })

  it('says nothing of tonight when no night runs', async () => {
    await loadTexts(['standing'], language)
    renderPage(<QueuePlaces name="Ana" places={[place({})]} />)
    const card = await screen.findByTestId('queue-place')
    expect(card.textContent).toContain(words.nobodyAhead)
    expect(card.textContent).not.toContain(words.away)
    expect(card.textContent).not.toContain(words.place(1))
  })
})
