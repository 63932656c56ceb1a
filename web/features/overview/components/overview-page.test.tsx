import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { Overview } from '@contract/overview'
import { overview } from '@web/test/factories'
import { loadTexts, mockApi, renderPage } from '@web/test/render'
import { OverviewPage } from './overview-page'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

const serve = (overview: Overview) =>
  mockApi(({ method, path }) => (method === 'GET' && path === '/overview' ? { body: overview } : undefined))

const nextUp = (itemName: string, rest: Partial<Overview['nextUp'][number]>) => ({
  itemId: crypto.randomUUID(),
  itemName,
  rarity: null,
  player: null,
  queueCount: 0,
  ...rest,
})

const rowOf = (name: string) => screen.getByText(name).closest('li') as HTMLElement

const texts = {
  pt: {
    counters: 'Números da guild',
    activePlayers: 'Jogadores ativos',
    title: 'Próximos a pegar',
    nobodyCanReceive: 'Ninguém pode receber agora (4 jogadores na fila)',
    nobodyCanReceiveOne: 'Ninguém pode receber agora (1 jogador na fila)',
    emptyQueue: 'Sem jogador na fila',
    noItems: 'Nenhum item cadastrado ainda',
    steps: 'Comece nesta ordem:',
    playersStep: 'Cadastre os jogadores da guild',
    itemsStep: 'Cadastre os itens e adicione os jogadores às filas',
    goToPlayers: 'Ir para jogadores',
    goToItems: 'Ir para itens',
    done: '(Feito)',
  },
  en: {
    counters: 'Guild numbers',
    activePlayers: 'Active players',
    title: 'Next in line',
    nobodyCanReceive: 'Nobody can receive now (4 players in queue)',
    nobodyCanReceiveOne: 'Nobody can receive now (1 player in queue)',
    emptyQueue: 'No player in queue',
    noItems: 'No items yet',
    steps: 'Start in this order:',
    playersStep: "Add your guild's players",
    itemsStep: 'Add items and put the players in their queues',
    goToPlayers: 'Go to players',
    goToItems: 'Go to items',
    done: '(Done)',
  },
} as const

describe.each(['pt', 'en'] as const)('overview (%s)', (language) => {
  const words = texts[language]

  it('names the next player, says nobody is pending for a queue with entries, empty only when empty', async () => {
    await loadTexts(['overview'], language)
    serve({
      itemCount: 12,
      activePlayerCount: 1234,
      distributedCount: 5,
      rankFirst: false,
      night: null,
      nextUp: [
        nextUp('Espada', {
          rarity: 'legendary',
          player: { id: crypto.randomUUID(), name: 'Aria' },
          queueCount: 3,
        }),
        // Everyone penalised, not interested or away tonight: the queue is not empty.
        nextUp('Elmo', { queueCount: 4 }),
        nextUp('Anel', { queueCount: 1 }),
        nextUp('Escudo', { queueCount: 0 }),
      ],
    })
    renderPage(<OverviewPage />)
    const counters = await screen.findByRole('region', { name: words.counters })
    expect(await within(counters).findByText('12')).toBeTruthy()
    expect(within(counters).getByText(language === 'pt' ? '1.234' : '1,234')).toBeTruthy()
    // The label says what the figure counts: active players only.
    expect(within(counters).getByText(words.activePlayers)).toBeTruthy()
    expect(screen.getByText(words.title)).toBeTruthy()
    expect(within(rowOf('Espada')).getByText('Aria')).toBeTruthy()
    expect(within(rowOf('Elmo')).getByText(words.nobodyCanReceive)).toBeTruthy()
    expect(within(rowOf('Elmo')).queryByText(words.emptyQueue)).toBeNull()
    expect(within(rowOf('Anel')).getByText(words.nobodyCanReceiveOne)).toBeTruthy()
    expect(within(rowOf('Escudo')).getByText(words.emptyQueue)).toBeTruthy()
  })

  // Outside tester J: with rank first an officer who had received was next again, while the card said "pending
  // players before those who already received". With rank first it says how the rank picks the next.
  it('says how the next is picked, with rank first as without', async () => {
    await loadTexts(['overview'], language)
    const guild = { itemCount: 1, activePlayerCount: 2, distributedCount: 1 }
    const espada = nextUp('Espada', { player: { id: crypto.randomUUID(), name: 'Thrain' }, queueCount: 2 })
    serve(overview({ ...guild, rankFirst: true, nextUp: [espada] }))
    const { unmount } = renderPage(<OverviewPage />)
    expect(
      await screen.findByText(
        {
          pt: 'Quem recebe a seguir em cada item: a guild dá por cargo primeiro, então é o jogador do cargo mais alto que pode receber agora, mesmo que já tenha recebido; dentro de um cargo, os pendentes antes dos que já receberam.',
          en: 'Who receives next for each item: the guild gives by rank first, so it is the player of the highest rank who can receive now, even one who already received; within a rank, pending players before those who already received.',
        }[language],
      ),
    ).toBeTruthy()
    unmount()
    serve(overview({ ...guild, nextUp: [espada] }))
    renderPage(<OverviewPage />)
    expect(
      await screen.findByText(
        {
          pt: 'Quem recebe a seguir em cada item: o primeiro jogador que pode receber agora, os pendentes antes dos que já receberam.',
          en: 'Who receives next for each item: the first player who can receive now, pending players before those who already received.',
        }[language],
      ),
    ).toBeTruthy()
  })

  it('says there are no items yet when there is nothing to list', async () => {
    await loadTexts(['overview'], language)
    serve(overview())
    renderPage(<OverviewPage />)
    expect(await screen.findByText(words.noItems)).toBeTruthy()
    // A new guild is pointed to its players first, then to its items.
    const steps = within(screen.getByRole('list', { name: words.steps })).getAllByRole('listitem')
    expect(steps.map((step) => within(step).getByRole('link').getAttribute('href'))).toEqual([
      '/dashboard/players',
      '/dashboard/items',
    ])
    expect(within(steps[0]!).getByText(words.playersStep)).toBeTruthy()
    expect(within(steps[0]!).getByRole('link').textContent).toBe(words.goToPlayers)
    expect(within(steps[1]!).getByText(words.itemsStep)).toBeTruthy()
    expect(within(steps[1]!).getByRole('link').textContent).toBe(words.goToItems)
    expect(screen.queryByText(words.done)).toBeNull()
  })

  it('marks the players step done once the guild has active players', async () => {
    await loadTexts(['overview'], language)
    serve(overview({ activePlayerCount: 3 }))
    renderPage(<OverviewPage />)
    const list = await screen.findByRole('list', { name: words.steps })
    const [players, items] = within(list).getAllByRole('listitem')
    expect(within(players!).getByText(words.done)).toBeTruthy()
    expect(within(items!).queryByText(words.done)).toBeNull()
  })
})
