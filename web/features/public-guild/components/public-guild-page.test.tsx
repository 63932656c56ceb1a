import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PublicGate, PublicQueue, PublicView } from '@contract/public'
import { FakeEventSource } from '@web/test/fake-event-source'
import { DEFAULT_PUBLIC_VISIBILITY } from '@contract/public-visibility'
import { publicEntry, shownInFull } from '@web/test/factories'
import { type ApiCall, describedAs, loadTexts, mockApi, renderPage } from '@web/test/render'
import { BLOCKED_RECHECK_MS } from '../api/get-public-gate'
import { PublicGuildPage } from './public-guild-page'

const SLUG = 'night-raiders'
const SWORD = '11111111-1111-4111-8111-111111111111'
const HELM = '22222222-2222-4222-8222-222222222222'
const future = new Date(Date.now() + 3 * 86_400_000).toISOString()

const gate = (over: Partial<PublicGate> = {}): PublicGate => ({
  name: 'Night Raiders',
  slug: SLUG,
  blocked: null,
  passwordSet: true,
  hasAccess: false,
  ...over,
})
const view: PublicView = {
  guild: {
    name: 'Night Raiders',
    slug: SLUG,
    publicRules: 'Be on time\n<b>No ninja looting</b>',
    timeZone: 'America/Sao_Paulo',
  },
  items: [
    {
      id: SWORD,
      name: 'Ashbringer',
      description: 'A blade of light',
      rarity: 'legendary',
      itemType: null,
      queueCount: 3,
    },
    {
      id: HELM,
      name: 'Helm of Dawn',
      description: 'Forjado em ébano',
      rarity: 'rare',
      itemType: null,
      queueCount: 0,
    },
  ],
  tonight: null,
  checkAgainAt: null,
  visibility: DEFAULT_PUBLIC_VISIBILITY,
}
const swordQueue: PublicQueue = {
  itemId: SWORD,
  rankFirst: false,
  minRankName: null,
  lastRecipient: {
    playerId: null,
    playerName: 'Zed',
    distributedAt: '2030-01-02T12:00:00Z',
    note: 'Venceu a rolagem',
  },
  entries: [
    publicEntry(1, 'Ana', { timesReceived: 2, timesAbsent: 1, lastNote: 'Avisou que chegaria tarde' }),
    publicEntry(2, 'Bob', {
      attendanceStatus: 'absent',
      timesAbsent: 3,
      penaltyUntil: future,
      penaltyNote: 'Left early',
      isPenalized: true,
      lastNote: 'Left early',
    }),
    publicEntry(3, 'Cid', { attendanceStatus: 'not_interested', timesReceived: 1 }),
  ],
  shown: { mode: 'full', first: 10, total: 3 },
  unlisted: [],
}

// The gate is its own chunk (lazy): loaded once here, so no test waits on the module's first transform.
beforeAll(() => Promise.all([loadTexts(['public'], 'pt'), import('./password-gate')]))
beforeEach(() => {
  FakeEventSource.all = []
  vi.stubGlobal('EventSource', FakeEventSource)
})

/** A server with one guild: `password` opens it. */
function fakeServer(
  options: { blocked?: PublicGate['blocked']; blockedAfterGate?: boolean; password?: string } = {},
) {
  let hasAccess = false
  // `blockedAfterGate`: the gate's first answer is open, the block comes with the password's answer.
  let gateBlocked = options.blockedAfterGate ? null : (options.blocked ?? null)
  let helmQueue: PublicQueue = { itemId: HELM, lastRecipient: null, entries: [], ...shownInFull([]) }
  const calls = mockApi((call: ApiCall) => {
    const base = `/public/guilds/${SLUG}`
    if (call.path === base) return { body: gate({ hasAccess, blocked: gateBlocked }) }
    if (call.path === `${base}/access`) {
      if (options.blocked) {
        gateBlocked = options.blocked
        return { status: 403, body: { error: { code: options.blocked, message: 'blocked' } } }
      }
      if ((call.body as { password: string }).password !== (options.password ?? 'raid'))
        return {
          status: 401,
          body: { error: { code: 'PUBLIC_WRONG_PASSWORD', message: 'Senha incorreta.' } },
        }
      hasAccess = true
      return { body: { ok: true, expiresAt: future } }
    }
    if (!hasAccess) return { status: 401, body: { error: { code: 'PUBLIC_ACCESS_REQUIRED', message: 'x' } } }
    if (call.path === `${base}/view`) return { body: view }
    if (call.path === `${base}/items/${SWORD}/queue`) return { body: swordQueue }
    if (call.path === `${base}/items/${HELM}/queue`) return { body: helmQueue }
    return undefined
  })
  return {
    calls,
    grant: () => {
      hasAccess = true
    },
    /** The guild's payment settled (or a subscription taken again): its gate opens. */
    unblock: () => {
      gateBlocked = null
      options.blocked = undefined
    },
    setHelmQueue: (queue: PublicQueue) => {
      helmQueue = queue
    },
  }
}

const passwordField = () => screen.getByLabelText('Senha da guild')
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Entrar' }))

describe('the password gate', () => {
  it('asks for the password before calling the server', async () => {
    const server = fakeServer()
    renderPage(<PublicGuildPage slug={SLUG} />, '/', { live: true, toaster: true })
    expect(await screen.findByRole('heading', { name: 'Night Raiders' })).toBeTruthy()
    submit()
    expect(await screen.findByText('Por favor, preencha a senha.')).toBeTruthy()
    expect(passwordField().getAttribute('aria-invalid')).toBe('true')
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(0)
  })

  it('says a wrong password under the field, then lets the right one in', async () => {
    const server = fakeServer()
    renderPage(<PublicGuildPage slug={SLUG} />, '/', { live: true, toaster: true })
    fireEvent.change(await screen.findByLabelText('Senha da guild'), { target: { value: 'nope' } })
    submit()
    await waitFor(() => expect(describedAs(passwordField())).toBe('Senha incorreta.'))
    expect(passwordField().getAttribute('aria-invalid')).toBe('true')

    fireEvent.change(passwordField(), { target: { value: 'raid' } })
    submit()
    expect(await screen.findByText('Acesso autorizado!')).toBeTruthy()
    expect(await screen.findByRole('heading', { level: 1, name: 'Night Raiders' })).toBeTruthy()
    expect(await screen.findByText('Ashbringer')).toBeTruthy()
    expect(server.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { password: 'nope' },
      { password: 'raid' },
    ])
  })

  // An outside test (2026-12-06): a guild whose payment had failed said its subscription had expired, and still
  // offered the password field and an active "Entrar" under the message.
  it.each([
    [
      'PUBLIC_PAYMENT_PENDING',
      'O pagamento da assinatura desta guild está pendente. A página volta assim que o administrador da guild regularizar o pagamento.',
    ],
    [
      'PUBLIC_SUBSCRIPTION_EXPIRED',
      'A assinatura desta guild terminou (expirou ou foi cancelada). Entre em contato com o administrador da guild para renovar o acesso.',
    ],
    [
      'PUBLIC_TRIAL_EXPIRED',
      'O período de teste desta guild acabou. Entre em contato com o administrador da guild para ativar uma assinatura.',
    ],
  ] as const)(
    'titles a blocked guild (%s) "Acesso bloqueado", says why, and asks no password',
    async (code, message) => {
      fakeServer({ blocked: code })
      renderPage(<PublicGuildPage slug={SLUG} />, '/', { live: true, toaster: true })
      const alert = (await screen.findByText(message)).closest('[role="alert"]') as HTMLElement
      expect(within(alert).getByText('Acesso bloqueado')).toBeTruthy()
      expect(screen.queryByLabelText('Senha da guild')).toBeNull()
      expect(screen.queryByRole('button', { name: 'Entrar' })).toBeNull()
    },
  )

  // An outside test (2026-12-07): the blocked page says "A página volta assim que o administrador da guild
  // regularizar o pagamento", and stayed blocked until reloaded.
  it('a blocked page asks again by itself, and offers the password once the guild is open again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      const server = fakeServer({ blocked: 'PUBLIC_PAYMENT_PENDING' })
      renderPage(<PublicGuildPage slug={SLUG} />, '/', { live: true, toaster: true })
      expect(await screen.findByText(/está pendente/)).toBeTruthy()
      const gateCalls = () => server.calls.filter((c) => c.path === `/public/guilds/${SLUG}`).length
      const before = gateCalls()

      await vi.advanceTimersByTimeAsync(BLOCKED_RECHECK_MS)
      await waitFor(() => expect(gateCalls()).toBe(before + 1))
      expect(screen.queryByLabelText('Senha da guild')).toBeNull()

      server.unblock()
      await vi.advanceTimersByTimeAsync(BLOCKED_RECHECK_MS)
      expect(await screen.findByLabelText('Senha da guild')).toBeTruthy()
      expect(screen.queryByText(/está pendente/)).toBeNull()
      // Open again, it no longer asks on a clock.
      const open = gateCalls()
      await vi.advanceTimersByTimeAsync(BLOCKED_RECHECK_MS * 2)
      expect(gateCalls()).toBe(open)
    } finally {
      vi.useRealTimers()
    }
  })

  it('in English, a payment pending is not called an expiry', async () => {
    await loadTexts(['public', 'errors'], 'en')
    try {
      fakeServer({ blocked: 'PUBLIC_PAYMENT_PENDING' })
      renderPage(<PublicGuildPage slug={SLUG} />, '/', { live: true, toaster: true })
      expect(await screen.findByText(/subscription payment is pending/)).toBeTruthy()
      expect(screen.queryByText(/expired/)).toBeNull()
      expect(screen.queryByRole('button', { name: 'Enter' })).toBeNull()
    } finally {
      await loadTexts(['public', 'errors'], 'pt')
    }
  })

  it('a block that comes while the password is typed is said in a toast, and the form goes', async () => {
    const server = fakeServer({ blocked: 'PUBLIC_PAYMENT_PENDING', blockedAfterGate: true })
    renderPage(<PublicGuildPage slug={SLUG} />, '/', { live: true, toaster: true })
    fireEvent.change(await screen.findByLabelText('Senha da guild'), { target: { value: 'raid' } })
    submit()
    await waitFor(() => {
      const toast = document.querySelector('[data-sonner-toast]')
      expect(toast?.textContent).toContain('Acesso bloqueado')
      expect(toast?.textContent).toContain('O pagamento da assinatura desta guild está pendente.')
    })
    await waitFor(() => expect(screen.queryByLabelText('Senha da guild')).toBeNull())
    expect(server.calls.filter((c) => c.path === `/public/guilds/${SLUG}`).length).toBe(2)
  })

  it('says so when the guild does not exist', async () => {
    mockApi(() => ({
      status: 404,
      body: { error: { code: 'GUILD_NOT_FOUND', message: 'Guild não encontrada.' } },
    }))
    renderPage(<PublicGuildPage slug={'nobody'} />, '/', { live: true, toaster: true })
    expect(await screen.findByRole('heading', { name: 'Guild não encontrada' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Ir para o início' }).getAttribute('href')).toBe('/')
  })
})

describe('the queues', () => {
  async function enterGuild(route = '/') {
    const server = fakeServer()
    server.grant()
    const page = renderPage(<PublicGuildPage slug={SLUG} />, route, { live: true, toaster: true })
    await screen.findByText('Ashbringer')
    return { server, page }
  }

  it('offers the language and theme switches once the queues are on screen, not before', async () => {
    const server = fakeServer()
    server.grant()
    renderPage(<PublicGuildPage slug={SLUG} />, '/', { live: true, toaster: true })
    expect(screen.queryByRole('button', { name: 'Alternar tema' })).toBeNull()
    await screen.findByText('Ashbringer')
    expect(await screen.findByRole('button', { name: 'Alternar tema' })).toBeTruthy()
    expect(screen.getByRole('button', { name: /^Idioma: PT/ })).toBeTruthy()
  })

  it('shows the rules as text with their line breaks', async () => {
    await enterGuild()
    const rules = screen.getByText(/Be on time/)
    expect(rules.textContent).toBe('Be on time\n<b>No ninja looting</b>')
    expect(rules.querySelector('b')).toBeNull()
    expect(rules.className).toContain('whitespace-pre-line')
  })

  it('searches items by name or description, case and accents aside', async () => {
    await enterGuild()
    const search = screen.getByLabelText('Buscar itens')
    fireEvent.change(search, { target: { value: 'LIGHT' } })
    expect(screen.getByText('Ashbringer')).toBeTruthy()
    expect(screen.queryByText('Helm of Dawn')).toBeNull()
    // Typed on a phone without the accent, or in capitals with it: both find "ébano".
    for (const typed of ['ebano', 'ÉBANO', 'em Ébano']) {
      fireEvent.change(search, { target: { value: typed } })
      expect(screen.getByText('Helm of Dawn')).toBeTruthy()
      expect(screen.queryByText('Ashbringer')).toBeNull()
    }
    fireEvent.change(search, { target: { value: 'nothing like this' } })
    expect(screen.getByText('Nenhum item encontrado.')).toBeTruthy()
  })

  it('asks to select an item, then shows its queue with every badge, count, reason and hint', async () => {
    await enterGuild()
    expect(screen.getByText('Selecione um item para ver a fila.')).toBeTruthy()
    expect(screen.getByRole('button', { name: /Ashbringer/ }).textContent).toContain('Lendário')
    expect(screen.getByRole('button', { name: /Ashbringer/ }).textContent).toContain('3 na fila')
    fireEvent.click(screen.getByRole('button', { name: /Ashbringer/ }))
    const list = await screen.findByRole('list', { name: 'Fila de Ashbringer' })
    const rows = within(list).getAllByRole('listitem')
    expect(rows.map((r) => r.textContent?.match(/Ana|Bob|Cid/)?.[0])).toEqual(['Ana', 'Bob', 'Cid'])
    expect(rows[0]!.className).toContain('border-primary')
    expect(rows[0]!.textContent).toContain('Pendente')
    expect(rows[0]!.textContent).toContain('Próximo na fila')
    expect(rows[0]!.textContent).toContain('Recebidos: 2 · Ausências: 1')
    expect(rows[1]!.textContent).toContain('Ausente')
    expect(rows[1]!.textContent).toMatch(/Penalizado até \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/)
    expect(rows[0]!.textContent).toContain('Nota: Avisou que chegaria tarde')
    expect(rows[1]!.textContent).toContain('Motivo: Left early')
    // The penalty's reason is its latest note: said once.
    expect(rows[1]!.textContent).not.toContain('Nota:')
    expect(rows[2]!.textContent).not.toContain('Nota:')
    expect(rows[1]!.textContent).not.toContain('Próximo na fila')
    expect(rows[2]!.textContent).toContain('Não interessado')
    expect(rows[2]!.querySelector('.opacity-60')).toBeTruthy()
    const last = screen.getByText('Zed').parentElement!
    expect(last.textContent).toMatch(/^Último a receber: Zed em 02\/01\/2030/)
    // Zed is not in the queue (no longer active, or deleted): the name is no link.
    expect(within(last).queryByRole('link')).toBeNull()
    expect(within(rows[0]!).getByRole('link', { name: 'Ana' }).getAttribute('href')).toBe(
      `/guilds/${SLUG}/players/00000000-0000-4000-8000-000000000001`,
    )
    expect(screen.getByTestId('last-recipient-note').textContent).toBe('Nota: Venceu a rolagem')
    expect(screen.getByRole('button', { name: /Ashbringer/ }).getAttribute('aria-pressed')).toBe('true')
  })

  it('shows the empty queue and "no record" texts, and keeps the item in the address', async () => {
    await enterGuild(`/?item=${HELM}`)
    expect(await screen.findByText('Nenhum jogador na fila.')).toBeTruthy()
    expect(screen.getByText('Nenhum registro de quem recebeu este item.')).toBeTruthy()
  })

  it('refetches the view and the open queue when the stream announces a change', async () => {
    const { server } = await enterGuild(`/?item=${HELM}`)
    await screen.findByText('Nenhum jogador na fila.')
    const source = FakeEventSource.all.at(-1)!
    expect(source.url).toBe(`/api/v1/public/guilds/${SLUG}/events`)
    act(() => source.emit('ready'))
    expect(await screen.findByText('Ao vivo')).toBeTruthy()
    server.setHelmQueue({
      itemId: HELM,
      lastRecipient: null,
      entries: [{ ...swordQueue.entries[0]!, playerName: 'Dora' }],
      ...shownInFull([swordQueue.entries[0]!]),
    })
    const before = server.calls.length
    act(() => source.emit('change', { topic: 'queues', itemId: HELM }))
    expect(await screen.findByText('Dora')).toBeTruthy()
    const refetched = server.calls.slice(before).map((c) => c.path)
    expect(refetched).toContain(`/public/guilds/${SLUG}/view`)
    expect(refetched).toContain(`/public/guilds/${SLUG}/items/${HELM}/queue`)
  })
})
