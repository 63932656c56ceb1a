import { act, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { PlayerStanding } from '@contract/player-standing'
import { FakeEventSource } from '@web/test/fake-event-source'
import { queuePlace } from '@web/test/factories'
import { loadTexts, mockApi, renderPage } from '@web/test/render'
import { PublicGuildPage } from './public-guild-page'

// /guilds/:slug/players/:id: the guild's gate, then the player's page, refreshed by the public stream.

const SLUG = 'night-raiders'
const ANA = '00000000-0000-4000-8000-0000000000aa'
const GATE = { name: 'Night Raiders', slug: SLUG, blocked: null, passwordSet: true, hasAccess: true }

const standing = (position: number, pendingAhead: number): PlayerStanding => ({
  player: { id: ANA, name: 'Ana', playerStatus: 'active' },
  queues: [queuePlace({ position, pendingAhead })],
  received: [],
  receivedTotal: 0,
  moves: [],
  attendance: { attended: 3, missed: 1, bench: 2, share: 0.75, windowDays: 56 },
  timeZone: 'America/Sao_Paulo',
  checkAgainAt: null,
})

beforeEach(async () => {
  await loadTexts(['public', 'standing'])
  FakeEventSource.all = []
  vi.stubGlobal('EventSource', FakeEventSource)
})

describe("a player's public page", () => {
  it('shows the place and follows the guild live: a change refetches it', async () => {
    let answer = standing(3, 2)
    const calls = mockApi(({ path }) => {
      if (path === `/public/guilds/${SLUG}`) return { body: GATE }
      if (path === `/public/guilds/${SLUG}/players/${ANA}`) return { body: answer }
      return undefined
    })
    renderPage(<PublicGuildPage slug={SLUG} playerId={ANA} />, '/', { live: true })
    // The player's page is a chunk of its own: loaded on demand.
    expect(await screen.findByRole('heading', { name: 'Ana' })).toBeTruthy()
    expect(screen.getByTestId('pending-ahead').textContent).toBe('2 jogadores pendentes à frente')
    expect(screen.getByTestId('player-attendance').textContent).toBe(
      'Presença nos eventos (últimas 8 semanas): 75 % (3 de 4 eventos) · 2 no banco',
    )
    expect(screen.getByRole('link', { name: 'Voltar para os itens' }).getAttribute('href')).toBe(
      `/guilds/${SLUG}`,
    )
    const source = FakeEventSource.all.at(-1)!
    expect(source.url).toBe(`/api/v1/public/guilds/${SLUG}/events`)
    act(() => source.emit('ready'))
    answer = standing(2, 1)
    const before = calls.length
    act(() => source.emit('change', { topic: 'queues', itemId: '00000000-0000-4000-8000-000000000001' }))
    expect(await screen.findByText('1 jogador pendente à frente')).toBeTruthy()
    expect(calls.slice(before).map((c) => c.path)).toContain(`/public/guilds/${SLUG}/players/${ANA}`)
  })

  // A raid night starting or ending is no write: no event comes, the answer says when to read again.
  it('reads itself again when the answer said it stops being right (a night ends), without any event', async () => {
    // Right for half a second from when it is served (the page then waits a second more: the server's clock).
    let answer = (): PlayerStanding => ({
      ...standing(3, 2),
      checkAgainAt: new Date(Date.now() + 500).toISOString(),
    })
    mockApi(({ path }) => {
      if (path === `/public/guilds/${SLUG}`) return { body: GATE }
      if (path === `/public/guilds/${SLUG}/players/${ANA}`) return { body: answer() }
      return undefined
    })
    renderPage(<PublicGuildPage slug={SLUG} playerId={ANA} />)
    expect(await screen.findByRole('heading', { name: 'Ana' })).toBeTruthy()
    expect(screen.getByTestId('pending-ahead').textContent).toBe('2 jogadores pendentes à frente')
    answer = () => standing(2, 1)
    expect(await screen.findByText('1 jogador pendente à frente')).toBeTruthy()
  })

  it('says so when there is no such active player', async () => {
    mockApi(({ path }) => (path === `/public/guilds/${SLUG}` ? { body: GATE } : undefined))
    renderPage(<PublicGuildPage slug={SLUG} playerId={ANA} />)
    expect(await screen.findByRole('heading', { name: 'Jogador não encontrado' })).toBeTruthy()
  })
})
