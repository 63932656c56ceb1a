import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { api } from '@web/lib/api-client'
import { DashboardShell, LOAD_RETRY_MS } from './dashboard-shell'
import { initialsOf } from './initials'
import { readSidebarCookie, SIDEBAR_COOKIE } from './sidebar-context'
import { apiError, loadTexts, mockFetch, renderRoutes, stubViewport } from '@web/test/render'
import { me } from '@web/test/factories'
import { leavePage } from '@web/lib/leave-page'

vi.mock('@web/lib/leave-page', () => ({ leavePage: vi.fn() }))

const routes = [
  {
    path: '/dashboard',
    element: <DashboardShell />,
    children: [
      { index: true, element: <p>OVERVIEW</p> },
      { path: 'subscription', element: <p>SUBSCRIPTION</p> },
    ],
  },
  { path: '/auth', element: <p>AUTH PAGE</p> },
  { path: '/', element: <p>HOME</p> },
]

beforeAll(() => loadTexts(['dashboard']))
beforeEach(() => {
  stubViewport(false)
  document.cookie = `${SIDEBAR_COOKIE}=; max-age=0; path=/`
})

describe('dashboard guard', () => {
  it('shows a spinner while loading, then the shell with the page', async () => {
    mockFetch((call) => (call.path === '/api/v1/me' ? { body: me() } : undefined))
    renderRoutes(routes, '/dashboard', { live: true })
    expect(screen.getByRole('status')).toBeTruthy()
    expect(await screen.findByText('OVERVIEW')).toBeTruthy()
    expect(screen.getByRole('navigation', { name: 'Navegação do painel' })).toBeTruthy()
    expect(screen.getByText('BETA')).toBeTruthy()
  })

  it('asks for the account again by itself while the service is away, and shows the dashboard once it answers', async () => {
    let away = true
    const calls = mockFetch((call) =>
      call.path === '/api/v1/me' ? (away ? apiError(503, 'SERVICE_UNAVAILABLE') : { body: me() }) : undefined,
    )
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      renderRoutes(routes, '/dashboard', { live: true })
      expect(await screen.findByText('Não foi possível carregar sua conta')).toBeTruthy()
      const asked = calls.filter((call) => call.path === '/api/v1/me').length
      await act(async () => vi.advanceTimersByTime(LOAD_RETRY_MS))
      await waitFor(() => expect(calls.filter((call) => call.path === '/api/v1/me').length).toBe(asked + 1))
      expect(screen.getByText('Não foi possível carregar sua conta')).toBeTruthy()
      away = false
      await act(async () => vi.advanceTimersByTime(LOAD_RETRY_MS))
      expect(await screen.findByText('OVERVIEW')).toBeTruthy()
    } finally {
      vi.useRealTimers()
    }
  })

  it('does not ask again by itself when the account was refused for good', async () => {
    const calls = mockFetch(() => apiError(404, 'NOT_FOUND'))
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      renderRoutes(routes, '/dashboard', { live: true })
      expect(await screen.findByText('Não foi possível carregar sua conta')).toBeTruthy()
      const asked = calls.length
      await act(async () => vi.advanceTimersByTime(LOAD_RETRY_MS * 3))
      expect(calls.length).toBe(asked)
    } finally {
      vi.useRealTimers()
    }
  })

  it('sends a visitor without a session to /auth', async () => {
    mockFetch(() => apiError(401, 'UNAUTHENTICATED'))
    const { router } = renderRoutes(routes, '/dashboard', { live: true })
    expect(await screen.findByText('AUTH PAGE')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/auth')
  })

  // A link opened signed out is where the sign-in goes back to (web/lib/session.ts, afterSignIn).
  it('sends a visitor of a deeper address without a session to /auth, naming the address to come back to', async () => {
    mockFetch(() => apiError(401, 'UNAUTHENTICATED'))
    const { router } = renderRoutes(routes, '/dashboard/subscription?payment=success', { live: true })
    expect(await screen.findByText('AUTH PAGE')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/auth')
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      '/dashboard/subscription?payment=success',
    )
  })

  it("shows a deactivated user 'Acesso negado', whose button signs out and goes to /auth", async () => {
    const calls = mockFetch((call) =>
      call.path === '/api/v1/me' ? apiError(403, 'ACCOUNT_DEACTIVATED') : { body: { success: true } },
    )
    renderRoutes(routes, '/dashboard', { live: true })
    expect(await screen.findByRole('heading', { name: 'Acesso negado' })).toBeTruthy()
    expect(screen.getByText(/desativada pelo administrador da guild/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Fazer login novamente' }))
    expect(await screen.findByText('AUTH PAGE')).toBeTruthy()
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/v1/auth/sign-out')).toBe(true)
  })

  it('tells a user without a guild they are not associated', async () => {
    mockFetch(() => ({ body: me({ profile: null, guild: null, subscription: null }) }))
    renderRoutes(routes, '/dashboard', { live: true })
    expect(await screen.findByText('Você não está associado a nenhuma guild')).toBeTruthy()
  })

  // The 401's code says why the session ended (contract/session-end.ts); the sign-in page says it in words,
  // at the specification's address (message=removed) with the reason beside it.
  it.each([
    ['SESSION_PASSWORD_CHANGED', '/auth?message=removed&reason=password-changed'],
    ['SESSION_SIGNED_OUT', '/auth?message=removed&reason=signed-out'],
    ['SESSION_ACCOUNT_DELETED', '/auth?message=removed&reason=account-deleted'],
    ['SESSION_GUILD_DELETED', '/auth?message=removed&reason=guild-deleted'],
    ['SESSION_REMOVED', '/auth?message=removed'],
    ['SESSION_DEACTIVATED', '/auth?message=removed&reason=deactivated'],
    ['SESSION_EXPIRED', '/auth?message=removed&reason=expired'],
    ['UNAUTHENTICATED', '/auth?message=removed&reason=expired'],
  ])('sends a signed-in user whose session ends (%s) to %s on the next API answer', async (code, url) => {
    const assign = vi.mocked(leavePage)
    assign.mockClear()
    mockFetch((call) => (call.path === '/api/v1/me' ? { body: me() } : apiError(401, code)))
    renderRoutes(routes, '/dashboard', { live: true })
    await screen.findByText('OVERVIEW')
    await act(() => api('/players').catch(() => {}))
    expect(assign).toHaveBeenCalledWith(url)
    expect(assign).toHaveBeenCalledTimes(1)
  })

  it('opened with a session that ended, goes to sign in saying why and coming back', async () => {
    mockFetch(() => apiError(401, 'SESSION_PASSWORD_CHANGED'))
    const { router } = renderRoutes(routes, '/dashboard/subscription', { live: true })
    expect(await screen.findByText('AUTH PAGE')).toBeTruthy()
    const params = new URLSearchParams(router.state.location.search)
    expect([params.get('message'), params.get('reason'), params.get('next')]).toEqual([
      'removed',
      'password-changed',
      '/dashboard/subscription',
    ])
  })
})

describe('sidebar and subscription', () => {
  it('during a live trial, Users and History are plain links', async () => {
    mockFetch(() => ({ body: me() }))
    renderRoutes(routes, '/dashboard', { live: true })
    const nav = await screen.findByRole('navigation', { name: 'Navegação do painel' })
    expect(within(nav).getByRole('link', { name: 'Usuários' }).getAttribute('href')).toBe('/dashboard/users')
    expect(within(nav).getByRole('link', { name: 'Histórico' })).toBeTruthy()
    expect(within(nav).getByRole('link', { name: 'Eventos' }).getAttribute('href')).toBe('/dashboard/events')
    expect(within(nav).queryByText('PRO')).toBeNull()
    // The overview entry is current only on its exact path.
    expect(within(nav).getByRole('link', { name: 'Visão geral' }).getAttribute('aria-current')).toBe('page')
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  const ENTRIES = {
    pt: {
      nav: 'Navegação do painel',
      everyone: ['Visão geral', 'Guild', 'Jogadores', 'Itens', 'Eventos', 'Histórico', 'FAQ'],
      admins: ['Usuários', 'Assinatura'],
    },
    en: {
      nav: 'Dashboard navigation',
      everyone: ['Overview', 'Guild', 'Players', 'Items', 'Events', 'History', 'FAQ'],
      admins: ['Users', 'Subscription'],
    },
  } as const

  it.each(['pt', 'en'] as const)(
    'shows a member only the entries a member can use; an admin every one (%s)',
    async (language) => {
      const words = ENTRIES[language]
      await loadTexts(['dashboard'], language)
      const names = async () => {
        const nav = await screen.findByRole('navigation', { name: words.nav })
        return within(nav)
          .getAllByRole('link')
          .map((link) => link.textContent)
      }
      // Users and Subscription are admins' (requireAdmin on /members and /billing): a member would only be told so.
      // The profile's language is applied once signed in (useProfileLanguage).
      const reader = (role: 'guild_admin' | 'guild_member') => {
        const who = me()
        who.profile = { ...who.profile!, role, language }
        return who
      }
      mockFetch(() => ({ body: reader('guild_member') }))
      const first = renderRoutes(routes, '/dashboard', { live: true })
      expect(await names()).toEqual(words.everyone)
      first.unmount()

      mockFetch(() => ({ body: reader('guild_admin') }))
      renderRoutes(routes, '/dashboard', { live: true })
      const all = await names()
      expect(all).toEqual(expect.arrayContaining([...words.everyone, ...words.admins]))
      expect(all).toHaveLength(words.everyone.length + words.admins.length)
      await loadTexts(['dashboard'], 'pt')
    },
  )

  it('when the trial expired: disabled PRO entries (Users stays a link) and the subscription dialog opens', async () => {
    mockFetch(() => ({
      body: me({}, { isTrialing: false, isExpired: true, allowed: false, daysRemaining: 0 }),
    }))
    renderRoutes(routes, '/dashboard', { live: true })
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Seu período de teste terminou')).toBeTruthy()
    const nav = screen.getByRole('navigation', { name: 'Navegação do painel', hidden: true })
    for (const name of [/Eventos/, /Histórico/]) {
      const entry = within(nav).getByRole('button', { name, hidden: true })
      expect(entry.getAttribute('aria-disabled')).toBe('true')
      expect(within(entry).getByText('PRO')).toBeTruthy()
    }
    // Users is not a Pro screen as a whole: an unpaid guild's admin still cuts access there.
    expect(within(nav).getByRole('link', { name: 'Usuários', hidden: true }).getAttribute('href')).toBe(
      '/dashboard/users',
    )
    expect(within(nav).queryByRole('link', { name: /Eventos/, hidden: true })).toBeNull()
    // Keyboard users reach the explanation too.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Agora não' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    fireEvent.focus(within(nav).getByRole('button', { name: /Histórico/ }))
    expect((await screen.findByRole('tooltip')).textContent).toBe('Recurso Premium')
  })

  it('lets the expired-trial dialog point to the subscription screen', async () => {
    mockFetch(() => ({
      body: me({}, { isTrialing: false, isExpired: true, allowed: false, daysRemaining: 0 }),
    }))
    const { router } = renderRoutes(routes, '/dashboard', { live: true })
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('link', { name: 'Ver assinatura' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/subscription'))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('says canceled when the subscription was canceled, and tells a member to ask the admin', async () => {
    const member = me({}, { status: 'canceled', isTrialing: false, isExpired: true, allowed: false })
    member.profile!.role = 'guild_member'
    mockFetch(() => ({ body: member }))
    renderRoutes(routes, '/dashboard', { live: true })
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Assinatura cancelada')).toBeTruthy()
    expect(within(dialog).getByText(/Peça ao administrador da guild para assinar/)).toBeTruthy()
    // The subscription screen is the admins': no way there for a member.
    expect(within(dialog).queryByRole('link')).toBeNull()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Agora não' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('past_due: every screen shows an alert whose link leads an admin to the subscription screen', async () => {
    mockFetch(() => ({
      body: me(
        {},
        { status: 'past_due', isTrialing: false, isExpired: false, allowed: false, daysRemaining: 0 },
      ),
    }))
    const { router } = renderRoutes(routes, '/dashboard', { live: true })
    const alert = await screen.findByTestId('past-due-alert')
    expect(within(alert).getByText('Pagamento pendente')).toBeTruthy()
    expect(within(alert).getByText(/Há um problema com o pagamento da assinatura/)).toBeTruthy()
    // past_due is not expired: the dialog stays closed.
    expect(screen.queryByRole('dialog')).toBeNull()
    fireEvent.click(within(alert).getByRole('link', { name: 'Ver assinatura' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/subscription'))
    // The subscription screen has its own past_due alert.
    expect(await screen.findByText('SUBSCRIPTION')).toBeTruthy()
    expect(screen.queryByTestId('past-due-alert')).toBeNull()
  })

  it('past_due: a member is told to let the admin know, without a link', async () => {
    const member = me({}, { status: 'past_due', isTrialing: false, allowed: false, daysRemaining: 0 })
    member.profile!.role = 'guild_member'
    mockFetch(() => ({ body: member }))
    renderRoutes(routes, '/dashboard', { live: true })
    const alert = await screen.findByTestId('past-due-alert')
    expect(within(alert).getByText(/Avise o administrador da guild/)).toBeTruthy()
    expect(within(alert).queryByRole('link')).toBeNull()
  })

  it('an active subscription shows no payment alert and no dialog', async () => {
    mockFetch(() => ({ body: me({}, { status: 'active', isTrialing: false, daysRemaining: 0 }) }))
    renderRoutes(routes, '/dashboard', { live: true })
    await screen.findByText('OVERVIEW')
    expect(screen.queryByTestId('past-due-alert')).toBeNull()
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('collapses with Ctrl+B and keeps the state in a 7-day cookie', async () => {
    mockFetch(() => ({ body: me() }))
    const cookieWrites: string[] = []
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      cookieWrites.push(value)
      descriptor.set!.call(document, value)
    })
    renderRoutes(routes, '/dashboard', { live: true })
    await screen.findByText('OVERVIEW')
    const aside = document.querySelector('[data-testid="sidebar"]') as HTMLElement
    expect(aside.style.width).toBe('16rem')
    fireEvent.keyDown(window, { key: 'b', ctrlKey: true })
    await waitFor(() => expect(aside.style.width).toBe('3rem'))
    expect(cookieWrites.at(-1)).toMatch(/^sidebar_state=false; path=\/; max-age=604800/)
    expect(readSidebarCookie()).toBe(false)
    fireEvent.keyDown(window, { key: 'B', metaKey: true })
    await waitFor(() => expect(aside.style.width).toBe('16rem'))
    expect(readSidebarCookie()).toBe(true)
  })

  it('on a phone, the sidebar is a sheet opened from the top bar', async () => {
    stubViewport(true)
    mockFetch(() => ({ body: me() }))
    renderRoutes(routes, '/dashboard', { live: true })
    await screen.findByText('OVERVIEW')
    expect(document.querySelector('[data-testid="sidebar"]')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Alternar barra lateral' }))
    const sheet = await screen.findByTestId('sidebar-mobile')
    expect(sheet.style.width).toBe('18rem')
  })
})

describe('initials avatar', () => {
  it('follows the spec rule', () => {
    expect(initialsOf('Ana Maria Lima', 'x@y.z')).toBe('AM')
    expect(initialsOf('  zé  ', 'x@y.z')).toBe('Z')
    expect(initialsOf('', 'bruno@example.com')).toBe('BR')
    expect(initialsOf(null, null)).toBe('')
    // Letters only: an emoji or a symbol is no initial (an outside test saw "A🛡", 2026-12-06).
    expect(initialsOf('Ana 🛡️ Oficial', 'x@y.z')).toBe('AO')
    expect(initialsOf('🛡️Ana ⚔️ (bia)', 'x@y.z')).toBe('AB')
    // Digits count as letters do ("1a", "Esquadrão 7").
    expect(initialsOf('🛡️ ⚔️', '1a@example.com')).toBe('1A')
    expect(initialsOf('Esquadrão 7', 'x@y.z')).toBe('E7')
    // Markup typed into a name is no part of it (an outside test saw "B" for "<b>Ana</b> 🐉", 2026-12-07).
    expect(initialsOf('<b>Ana</b> 🐉', 'x@y.z')).toBe('A')
    expect(initialsOf('<i class="x">élan</i> &amp; <br/>ömer', 'x@y.z')).toBe('ÉÖ')
    expect(initialsOf('<b></b> 🐉', '')).toBe('')
  })

  it('takes the avatar initial past the name markup, and shows a person icon when none is left', async () => {
    const name = '<b>Ana</b> 🐉'
    const who = me()
    who.profile!.displayName = name
    mockFetch((call) => (call.path === '/api/v1/me' ? { body: who } : undefined))
    const { unmount } = renderRoutes(routes, '/dashboard', { live: true })
    const menu = await screen.findByRole('button', { name: `Menu da conta de ${name}` })
    expect(menu.querySelector('[aria-hidden]')!.textContent).toBe('A')
    unmount()

    const nameless = me({ user: { id: 'u1', email: '@.', name: '🐉' } })
    nameless.profile!.displayName = '<b>🐉</b>'
    mockFetch((call) => (call.path === '/api/v1/me' ? { body: nameless } : undefined))
    renderRoutes(routes, '/dashboard', { live: true })
    const avatar = (await screen.findByRole('button', { name: /Menu da conta de/ })).querySelector(
      '[aria-hidden]',
    )!
    expect(avatar.textContent).toBe('')
    expect(avatar.querySelector('svg')).toBeTruthy()
  })
})
