import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { PlayerQueuePlace, PlayerStanding } from '@contract/player-standing'
import { formatDateTime } from '@web/lib/format'
import { queuePlace } from '@web/test/factories'
import { loadTexts, readerOn, renderPage } from '@web/test/render'
import { PlayerStandingView } from './player-standing-view'

// A player's page in words, in both languages: place of how many, pending players ahead (0, 1, n), next
// in line, a penalty with its reason, receipts, and each kind of move.

const future = new Date(Date.now() + 3 * 86_400_000).toISOString()
const place = (over: Partial<PlayerQueuePlace>) =>
  queuePlace({ rarity: 'legendary', position: 3, queueLength: 5, pendingAhead: 2, timesReceived: 1, ...over })
const standing: PlayerStanding = {
  player: { id: '00000000-0000-4000-8000-0000000000aa', name: 'Ana', playerStatus: 'active' },
  queues: [
    place({}),
    place({
      itemId: '00000000-0000-4000-8000-000000000002',
      itemName: 'Escudo',
      position: 1,
      pendingAhead: 0,
      isNext: true,
    }),
    place({
      itemId: '00000000-0000-4000-8000-000000000003',
      itemName: 'Elmo',
      position: 4,
      pendingAhead: 1,
      isPenalized: true,
      penaltyUntil: future,
      penaltyNote: 'Faltou ao raide',
    }),
    place({
      itemId: '00000000-0000-4000-8000-000000000004',
      itemName: 'Capa',
      isPublicVisible: false,
      position: null,
    }),
  ],
  received: [
    {
      id: '00000000-0000-4000-8000-0000000000b1',
      itemId: null,
      itemName: 'Anel',
      itemRarity: 'epic',
      distributedAt: '2030-01-02T12:00:00Z',
      previousQueuePosition: 2,
      notes: 'dividido',
    },
  ],
  receivedTotal: 60,
  moves: [
    {
      id: '00000000-0000-4000-8000-0000000000c1',
      at: '2030-01-03T12:00:00Z',
      kind: 'penalized',
      itemId: '00000000-0000-4000-8000-000000000003',
      itemName: 'Elmo',
      note: 'Faltou ao raide',
      until: '2030-01-06T12:00:00Z',
      undid: null,
      undidFor: null,
      undone: false,
      pass: null,
    },
    {
      id: '00000000-0000-4000-8000-0000000000c2',
      at: '2030-01-03T11:00:00Z',
      kind: 'undone',
      itemId: '00000000-0000-4000-8000-000000000001',
      itemName: 'Espada',
      note: null,
      until: null,
      undid: 'absent',
      undidFor: null,
      undone: false,
      pass: null,
    },
    {
      // Another player's receipt taken back: it moved this player too, and says whose it was, in words that
      // never read as if this player had received the item.
      id: '00000000-0000-4000-8000-0000000000c6',
      at: '2030-01-03T10:30:00Z',
      kind: 'undone',
      itemId: '00000000-0000-4000-8000-000000000001',
      itemName: 'Espada',
      note: null,
      until: null,
      undid: 'received',
      undidFor: 'Aragorn',
      undone: false,
      pass: null,
    },
    {
      id: '00000000-0000-4000-8000-0000000000c3',
      at: '2030-01-03T10:00:00Z',
      kind: 'reordered',
      itemId: '00000000-0000-4000-8000-000000000001',
      itemName: 'Espada',
      note: null,
      until: null,
      undid: null,
      undidFor: null,
      undone: false,
      pass: null,
    },
    {
      id: '00000000-0000-4000-8000-0000000000c4',
      at: '2030-01-02T23:00:00Z',
      kind: 'passedAbsent',
      itemId: '00000000-0000-4000-8000-000000000001',
      itemName: 'Espada',
      note: null,
      until: null,
      undid: null,
      undidFor: null,
      // An award undone later took this pass back too: marked as the activity log marks it.
      undone: true,
      pass: { night: 'Raid de quinta', attendance: 'no_show' },
    },
    {
      id: '00000000-0000-4000-8000-0000000000c5',
      at: '2030-01-02T22:00:00Z',
      kind: 'passed',
      itemId: '00000000-0000-4000-8000-000000000001',
      itemName: 'Espada',
      note: null,
      until: null,
      undid: null,
      undidFor: null,
      undone: false,
      // As the public page gets it: the night, never why.
      pass: { night: 'Raid de quinta', attendance: null },
    },
  ],
  attendance: { attended: 3, missed: 1, bench: 2, share: 0.75, windowDays: 56 },
  timeZone: 'America/Sao_Paulo',
  checkAgainAt: null,
}

const WORDS = {
  pt: {
    ahead: '2 jogadores pendentes à frente',
    one: '1 jogador pendente à frente',
    next: 'Próximo na fila',
    of: 'Posição 3 de 5',
    reason: 'Motivo: Faltou ao raide',
    hidden: 'Oculto da página pública',
    notShown: 'Fora das filas enquanto não estiver ativo.',
    shown: 'Os 1 mais recentes de 60',
    attendance: 'Presença nos eventos (últimas 8 semanas): 75 % (3 de 4 eventos) · 2 no banco',
    noneCounted: 'Presença nos eventos (últimas 8 semanas): nenhum evento contado · 1 no banco',
    moves: [
      'Penalizado até 06/01/2030',
      'Desfeito: Marcado como ausente',
      'A entrega a Aragorn foi desfeita: a fila voltou a ser como era antes',
      'Ordem da fila alterada manualmente',
      'Passado na vez em Raid de quinta e marcado como ausente',
      'Passado na vez em Raid de quinta, manteve o lugar',
    ],
    passReason: 'Motivo: Faltou sem avisar',
    undoneMark: 'Desfeito',
    receivedMove: 'Recebeu o item',
    penalizedUntil: 'Penalizado até',
    // The date, then the time on the 24-hour clock.
    penaltyEnd: /^Penalizado até \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/,
  },
  en: {
    ahead: '2 pending players ahead',
    one: '1 pending player ahead',
    next: 'Next in line',
    of: 'Position 3 of 5',
    reason: 'Reason: Faltou ao raide',
    hidden: 'Hidden from the public page',
    notShown: 'Out of the queues while not active.',
    shown: 'The 1 most recent of 60',
    attendance: 'Event attendance (last 8 weeks): 75 % (3 of 4 events) · 2 on the bench',
    noneCounted: 'Event attendance (last 8 weeks): no event counted · 1 on the bench',
    moves: [
      'Penalized until 1/6/2030',
      'Undone: Marked absent',
      'An award to Aragorn was undone: the queue is back to how it was before',
      'Queue order changed by hand',
      'Passed over at Raid de quinta and marked absent',
      'Passed over at Raid de quinta, kept their place',
    ],
    passReason: 'Reason: No-show',
    undoneMark: 'Undone',
    receivedMove: 'Received the item',
    penalizedUntil: 'Penalized until',
    // The date, then the time as English writes it (9:30 PM).
    penaltyEnd: /^Penalized until \d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}\s[AP]M$/,
  },
}

describe.each(['pt', 'en'] as const)("a player's page (%s)", (language) => {
  it('says where the player stands in each queue, what they received and what moved them', async () => {
    await loadTexts(['standing'], language)
    renderPage(<PlayerStandingView standing={standing} />)
    const words = WORDS[language]
    const places = await screen.findAllByTestId('queue-place')
    expect(places).toHaveLength(4)
    const [sword, shield, helm, cape] = places as [HTMLElement, HTMLElement, HTMLElement, HTMLElement]
    expect(sword.textContent).toContain(words.ahead)
    expect(sword.textContent).toContain(words.of)
    expect(within(sword).getByText('3')).toBeTruthy()
    expect(shield.textContent).toContain(words.next)
    expect(shield.className).toContain('border-primary')
    expect(helm.textContent).toContain(words.one)
    expect(helm.textContent).toContain(words.reason)
    expect(cape.textContent).toContain(words.hidden)
    expect(cape.textContent).toContain(words.notShown)
    expect(screen.getByText(words.shown)).toBeTruthy()
    expect(screen.getByText('dividido')).toBeTruthy()
    const moves = screen.getAllByTestId('move')
    expect(moves).toHaveLength(6)
    expect(moves.map((m, i) => m.textContent?.includes(words.moves[i]!))).toEqual(moves.map(() => true))
    expect(moves[2]!.textContent).not.toContain(words.receivedMove)
    expect(moves[0]!.textContent).toContain(words.reason)
    expect(moves[4]!.textContent).toContain(words.passReason)
    // Without the mark (the public page), no reason line at all.
    expect(moves[5]!.textContent).not.toContain(words.passReason.split(':')[0])
    // Only the pass an undo took back says so.
    expect(moves.map((m) => within(m).queryByText(words.undoneMark) !== null)).toEqual([
      false,
      false,
      false,
      false,
      true,
      false,
    ])
    expect(screen.getByTestId('player-attendance').textContent).toBe(words.attendance)
  })

  // An outside tester saw only "até 08/12/2026": a penalty lasts N days from the moment it was given, so its
  // end is an instant, said with its time of day (in the reader's zone and language: web/lib/format.ts).
  it("says when a penalty ends with the time of day, on the queue's card and in the moves", async () => {
    await loadTexts(['standing'], language)
    renderPage(<PlayerStandingView standing={standing} />)
    const words = WORDS[language]
    const helm = (await screen.findAllByTestId('queue-place'))[2]!
    const badge = within(helm).getByText(`${words.penalizedUntil} ${formatDateTime(future)}`)
    expect(badge.textContent).toMatch(words.penaltyEnd)
    const penalized = screen.getAllByTestId('move')[0]!
    const said = within(penalized).getByText(
      `${words.penalizedUntil} ${formatDateTime('2030-01-06T12:00:00Z')}`,
    )
    expect(said.textContent).toMatch(words.penaltyEnd)
  })

  it('says no event counted instead of 0 %, and shows nothing when the guild held no event', async () => {
    await loadTexts(['standing'], language)
    const none = { attended: 0, missed: 0, bench: 1, share: null, windowDays: 56 as const }
    const { unmount } = renderPage(<PlayerStandingView standing={{ ...standing, attendance: none }} />)
    expect((await screen.findByTestId('player-attendance')).textContent).toBe(WORDS[language].noneCounted)
    unmount()
    renderPage(<PlayerStandingView standing={{ ...standing, attendance: null }} />)
    await screen.findAllByTestId('queue-place')
    expect(screen.queryByTestId('player-attendance')).toBeNull()
  })

  // An outside tester: with "rank first", Samwise (no rank) at #1 read "2 pending players ahead". Those two are
  // further down and of a higher rank: the page says they receive first, and why.
  it('with "rank first", says who receives first and why; names the minimum rank a player is below', async () => {
    await loadTexts(['standing'], language)
    const queues = [
      place({ itemName: 'Elmo do Guardião', position: 1, queueLength: 3, rankFirst: true }),
      place({
        itemId: '00000000-0000-4000-8000-000000000002',
        itemName: 'Espada',
        belowMinimumRank: true,
        minRankName: 'Raider',
      }),
    ]
    renderPage(<PlayerStandingView standing={{ ...standing, queues }} />)
    const [helm, sword] = (await screen.findAllByTestId('queue-place')) as [HTMLElement, HTMLElement]
    const said = within(helm).getByTestId('pending-ahead').textContent
    expect(said).toBe(
      language === 'pt'
        ? '2 jogadores recebem antes: a guild dá por cargo primeiro, e quem tem cargo mais alto vem antes, mesmo mais abaixo na fila ou depois de já ter recebido'
        : '2 players receive first: the guild gives by rank first, so a higher rank comes first, even further down the queue or after receiving',
    )
    expect(helm.textContent).not.toContain(WORDS[language].ahead)
    expect(sword.textContent).toContain(
      language === 'pt'
        ? 'Abaixo do cargo mínimo do item (Raider): mantém o lugar, nunca é o próximo.'
        : 'Below the item’s minimum rank (Raider): keeps the place, never next.',
    )
  })

  // Nobody first, with rank first: said in its words, not as "no pending player ahead" (an officer who had a
  // turn read that while the officer ahead of her, who had received too, was next: outside tester J).
  it('with "rank first", says nobody receives first in the same words', async () => {
    await loadTexts(['standing'], language)
    const queues = [place({ position: 18, queueLength: 20, rankFirst: true, pendingAhead: 0 })]
    renderPage(<PlayerStandingView standing={{ ...standing, queues }} />)
    expect((await screen.findByTestId('pending-ahead')).textContent).toBe(
      language === 'pt' ? 'Nenhum jogador recebe antes' : 'No player receives first',
    )
  })

  // An outside tester counted 10 pending players ahead where the card said 7: the 3 below the item's minimum
  // rank are never next, so they are not counted, and the card says whom it counts.
  it("says the count leaves out players below the item's minimum rank", async () => {
    await loadTexts(['standing'], language)
    const queues = [place({ position: 11, queueLength: 25, pendingAhead: 7, minRankName: 'Raider' })]
    renderPage(<PlayerStandingView standing={{ ...standing, queues }} />)
    expect((await screen.findByTestId('pending-ahead')).textContent).toBe(
      language === 'pt'
        ? '7 jogadores pendentes à frente · contam só os de cargo Raider ou acima'
        : '7 pending players ahead · counting only rank Raider or above',
    )
  })

  // An outside test (2026-12-07): with counters hidden, a public page still read "Position 15 of 15 · Received".
  // The server sends "had_turn" for received and absent then (decision 019); the page says only that.
  it('says "had a turn" where the guild hides what the player received', async () => {
    await loadTexts(['standing'], language)
    const queues = [place({ attendanceStatus: 'had_turn', timesReceived: null, timesAbsent: null })]
    renderPage(<PlayerStandingView standing={{ ...standing, queues, received: [], receivedTotal: null }} />)
    const [card] = await screen.findAllByTestId('queue-place')
    expect(within(card!).getByText({ pt: 'Já teve a vez', en: 'Had a turn' }[language])).toBeTruthy()
    expect(card!.textContent).not.toMatch({ pt: /Recebeu|Ausente/, en: /Received|Absent/ }[language])
  })
})

// An outside test (2026-12-07): the guild on America/Sao_Paulo, a reader in Lisbon. The page's dates are the
// reader's, and one line says so when their clock is not the guild's (docs/product-rules.md, "Raid nights"),
// on the dashboard and on the public page alike (the same view).
describe.each(['pt', 'en'] as const)("a player's page, the reader's clock (%s)", (language) => {
  it.each([
    [
      'Europe/Lisbon',
      {
        pt: 'Datas e horas no seu horário: Horário Portugal.',
        en: 'Dates and times in your local time: Portugal Time.',
      }[language],
    ],
    ['America/Sao_Paulo', null],
    ['America/Fortaleza', null],
  ])("names the reader's clock when it is not the guild's (%s)", async (reader, note) => {
    await loadTexts(['standing'], language)
    readerOn(reader)
    renderPage(<PlayerStandingView standing={standing} />)
    const receipt = await screen.findByText('Anel')
    const time = receipt.parentElement!.querySelector('time')!
    expect(time.textContent).toBe(formatDateTime(standing.received[0]!.distributedAt, reader))
    expect(screen.queryByTestId('reader-clock')?.textContent ?? null).toBe(note)
  })
})
