import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Subscription } from '@contract/accounts'
import type { BillingStatus } from '@contract/billing'
import { type ApiCall, loadTexts, mockApi, renderPage } from '@web/test/render'
import { me, trialSubscription } from '@web/test/factories'
import { i18n } from '@web/lib/i18n'
import { SubscriptionPage } from './subscription-page'
import { leavePage } from '@web/lib/leave-page'
import { waitForToast } from '@web/test/toasts'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), loading: vi.fn() } }))
vi.mock('@web/lib/leave-page', () => ({ leavePage: vi.fn() }))

const NBSP = '\u00a0'
const TRIAL = trialSubscription()

const billing = (subscription: Partial<Subscription> = {}, over: Partial<BillingStatus> = {}) =>
  ({
    subscription: { ...TRIAL, ...subscription },
    currentPeriodEnd: null,
    interval: null,
    hasBillingAccount: false,
    extraInvites: 0,
    provider: 'sandbox',
    accessUntil: null,
    charged: null,
    firstChargeAt: null,
    ...over,
  }) as BillingStatus

const ACTIVE = billing(
  { status: 'active', isTrialing: false, daysRemaining: 0 },
  { currentPeriodEnd: '2025-02-10T12:00:00.000Z', interval: 'month', hasBillingAccount: true },
)

type Server = {
  role?: 'guild_admin' | 'guild_member'
  noGuild?: boolean
  status?: BillingStatus
  checkout?: { status?: number; body?: unknown }
  portal?: { status?: number; body?: unknown }
}

function serve({ role = 'guild_admin', noGuild, status = billing(), checkout, portal }: Server = {}) {
  const who = me()
  who.profile!.role = role
  if (noGuild) Object.assign(who, { guild: null, subscription: null })
  return mockApi(({ method, path }: ApiCall) => {
    if (path === '/me') return { body: who }
    if (path === '/billing' && method === 'GET') return { body: status }
    if (path === '/billing/checkout') return checkout ?? { body: { url: '/billing/sandbox/chk-1' } }
    if (path === '/billing/portal') return portal ?? { body: { url: '/billing/sandbox/prt-1' } }
    return undefined
  })
}

/** A stand-in for the window `window.open` returns: tests read where it was sent. */
function stubWindowOpen(blocked = false) {
  const popup = { opener: window as unknown, closed: false, location: { href: '' }, close: vi.fn() }
  const open = vi.spyOn(window, 'open').mockReturnValue(blocked ? null : (popup as unknown as Window))
  return { open, popup }
}

const badge = () => screen.findByTestId('subscription-status')
const button = (name: RegExp) => screen.getByRole('button', { name })

/** Renders the page and presses `name`, whose payment page fails to open; resolves once that is toasted. */
async function pressFailingPayment(name: RegExp) {
  const { popup } = stubWindowOpen()
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
  renderPage(<SubscriptionPage />)
  await badge()
  fireEvent.click(button(name))
  await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1))
  return { popup, logged }
}

beforeAll(() => loadTexts(['subscription']))
beforeEach(() => loadTexts(['subscription']))
afterEach(() => {
  vi.restoreAllMocks()
})

describe('subscription screen, admin', () => {
  it('during a trial: "Período de teste" badge, Pro plan, price per guild, days left, the trial alert and Assinar agora', async () => {
    serve()
    renderPage(<SubscriptionPage />)
    // In Portuguese, as the guild page says it (an outside test saw the English "Trial" here, 2026-12-06).
    expect((await badge()).textContent).toBe('Período de teste')
    expect(screen.getByTestId('plan-name').textContent).toBe('Pro')
    expect(screen.getByTestId('plan-price').textContent).toBe(`R$${NBSP}19,90/mês por guild`)
    expect(screen.getByTestId('trial-days').textContent).toBe('2 dias restantes')
    expect(screen.getByTestId('period-end').textContent).toBe('13/01/2025')
    expect(screen.getByTestId('subscription-alert').textContent).toContain(
      'Você tem 2 dias restantes no período de teste.',
    )
    expect(button(/Assinar agora/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Gerenciar assinatura/ })).toBeNull()
    // Sandbox provider: said on screen, in the word the billing screens use in Portuguese too ("Modo sandbox").
    expect(screen.getByTestId('sandbox-badge').textContent).toBe('Sandbox')
    expect(screen.getByText(/nenhuma cobrança real/)).toBeTruthy()
    // The plan's features: events again, no custom subdomain (the product has none).
    const features = screen.getByRole('list', { name: 'Recursos do plano Pro' })
    expect(
      within(features)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Eventos ilimitados',
      'Anúncios no Discord e por webhook',
      'Jogadores ilimitados',
      'Histórico de loot',
      'Gerenciamento de filas',
      'Interface pública',
      'Gerenciamento de cargos',
      'Suporte prioritário',
    ])
    expect(screen.queryByText(/subdomínio/i)).toBeNull()
  })

  it('picking yearly shows the yearly price and checks out yearly in the window opened on click', async () => {
    const calls = serve()
    const { open, popup } = stubWindowOpen()
    renderPage(<SubscriptionPage />)
    await badge()
    const yearly = screen.getByRole('radio', { name: /Anual/ })
    expect(within(yearly.closest('label')!).getByText('R$ 199,00/ano')).toBeTruthy()
    fireEvent.click(yearly)
    expect(screen.getByTestId('plan-price').textContent).toBe(`R$${NBSP}199,00/ano por guild`)
    fireEvent.click(button(/Assinar agora/))
    // Opened blank during the click itself, so popup blockers allow it, and cut off from this page.
    expect(open).toHaveBeenCalledWith('', '_blank')
    expect(popup.opener).toBeNull()
    await waitFor(() => expect(popup.location.href).toBe('/billing/sandbox/chk-1'))
    expect(calls.find((c) => c.path === '/billing/checkout')).toMatchObject({
      method: 'POST',
      body: { interval: 'year' },
    })
    expect(popup.close).not.toHaveBeenCalled()
  })

  it.each([
    {
      name: 'active',
      status: ACTIVE,
      badge: 'Ativa',
      alert: null,
      action: /Gerenciar assinatura/,
      date: ['Próxima renovação', '10/02/2025'],
    },
    {
      name: 'past_due',
      status: {
        ...ACTIVE,
        subscription: { ...ACTIVE.subscription, status: 'past_due' as const, allowed: false },
      },
      badge: 'Pagamento pendente',
      alert:
        'Há um problema com seu pagamento. Clique em Gerenciar assinatura para atualizar a forma de pagamento.',
      action: /Gerenciar assinatura/,
      date: ['Fim do período pago', '10/02/2025'],
    },
    {
      name: 'canceled',
      status: billing(
        { status: 'canceled', isTrialing: false, isExpired: true, allowed: false, daysRemaining: 0 },
        { hasBillingAccount: true },
      ),
      badge: 'Cancelada',
      alert: 'Sua assinatura foi cancelada. Assine novamente para continuar.',
      action: /Assinar agora/,
      date: null,
    },
    {
      name: 'trial expired',
      status: billing({ isTrialing: false, isExpired: true, allowed: false, daysRemaining: 0 }),
      badge: 'Expirada',
      alert: 'Seu período de teste expirou. Assine para continuar.',
      action: /Assinar agora/,
      date: null,
    },
    {
      name: 'expired',
      status: billing({ status: 'expired', isTrialing: false, isExpired: true, allowed: false }),
      badge: 'Expirada',
      alert: 'Seu período de teste expirou. Assine para continuar.',
      action: /Assinar agora/,
      date: null,
    },
    {
      name: 'a status this screen does not know',
      status: billing({ status: 'paused' as Subscription['status'], isTrialing: false, allowed: false }),
      badge: 'Desconhecido',
      alert: null,
      action: /Assinar agora/,
      date: null,
    },
  ])('$name: badge $badge, its alert, and the right button', async ({ status, ...expected }) => {
    serve({ status })
    renderPage(<SubscriptionPage />)
    expect((await badge()).textContent).toBe(expected.badge)
    const alert = screen.queryByTestId('subscription-alert')
    if (expected.alert) expect(alert?.textContent).toContain(expected.alert)
    else expect(alert).toBeNull()
    expect(button(expected.action)).toBeTruthy()
    expect(screen.getAllByRole('button', { name: /Assinar agora|Gerenciar assinatura/ })).toHaveLength(1)
    expect(screen.queryByTestId('trial-days')).toBeNull()
    if (expected.date) {
      expect(screen.getByText(expected.date[0]!)).toBeTruthy()
      expect(screen.getByTestId('period-end').textContent).toBe(expected.date[1])
    } else {
      expect(screen.queryByTestId('period-end')).toBeNull()
    }
  })

  it('an active monthly subscription shows the monthly price and no interval choice', async () => {
    serve({ status: ACTIVE })
    renderPage(<SubscriptionPage />)
    await badge()
    expect(screen.getByTestId('plan-price').textContent).toBe(`R$${NBSP}19,90/mês por guild`)
    expect(screen.queryByRole('radio')).toBeNull()
  })

  it('Gerenciar assinatura opens the billing portal in a new window', async () => {
    const calls = serve({ status: ACTIVE })
    const { open, popup } = stubWindowOpen()
    renderPage(<SubscriptionPage />)
    await badge()
    fireEvent.click(button(/Gerenciar assinatura/))
    expect(open).toHaveBeenCalledWith('', '_blank')
    await waitFor(() => expect(popup.location.href).toBe('/billing/sandbox/prt-1'))
    expect(calls.filter((c) => c.path === '/billing/portal').map((c) => c.method)).toEqual(['POST'])
  })

  it('when the browser blocks the new window, the page opens in this tab', async () => {
    serve()
    stubWindowOpen(true)
    const assign = vi.mocked(leavePage)
    assign.mockClear()
    renderPage(<SubscriptionPage />)
    await badge()
    fireEvent.click(button(/Assinar agora/))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/billing/sandbox/chk-1'))
  })

  it('shows a loading state until the server answers', async () => {
    serve()
    stubWindowOpen()
    let answer: (value: Response) => void = () => {}
    const realFetch = globalThis.fetch
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) =>
        url.endsWith('/billing/checkout')
          ? new Promise<Response>((resolve) => {
              answer = resolve
            })
          : realFetch(url, init),
      ),
    )
    renderPage(<SubscriptionPage />)
    await badge()
    fireEvent.click(button(/Assinar agora/))
    await waitFor(() => expect((button(/Assinar agora/) as HTMLButtonElement).disabled).toBe(true))
    expect(button(/Assinar agora/).getAttribute('aria-busy')).toBe('true')
    expect(screen.getByRole('status').textContent).toBe('Abrindo a página de pagamento…')
    answer(new Response(JSON.stringify({ url: '/billing/sandbox/chk-1' }), { status: 200 }))
    await waitFor(() => expect((button(/Assinar agora/) as HTMLButtonElement).disabled).toBe(false))
    expect(screen.getByRole('status').textContent).toBe('')
  })

  it("a failed checkout closes the blank window, toasts 'Erro ao processar pagamento' and logs it", async () => {
    serve({ checkout: { status: 502, body: { error: { code: 'BILLING_PROVIDER_ERROR', message: 'x' } } } })
    const { popup, logged } = await pressFailingPayment(/Assinar agora/)
    expect(vi.mocked(toast.error).mock.calls[0]?.[0]).toBe('Erro ao processar pagamento')
    expect(logged).toHaveBeenCalledTimes(1)
    expect(logged.mock.calls[0]?.[0]).toBe('Error creating payment session')
    expect(popup.close).toHaveBeenCalledTimes(1)
    expect(popup.location.href).toBe('')
  })

  it("a failed portal toasts 'Erro ao abrir portal de gerenciamento'", async () => {
    serve({
      status: ACTIVE,
      portal: { status: 409, body: { error: { code: 'NO_BILLING_ACCOUNT', message: 'x' } } },
    })
    const { popup, logged } = await pressFailingPayment(/Gerenciar assinatura/)
    expect(vi.mocked(toast.error).mock.calls[0]?.[0]).toBe('Erro ao abrir portal de gerenciamento')
    expect(logged).toHaveBeenCalledTimes(1)
    expect(popup.close).toHaveBeenCalledTimes(1)
  })
})

describe('payment return', () => {
  it("?payment=success says 'Pagamento realizado!' once the server says active, and leaves the address", async () => {
    serve({ status: ACTIVE })
    const { router } = renderPage(<SubscriptionPage />, '/?payment=success&tab=x')
    await waitForToast('success', 'Pagamento realizado!', expect.anything())
    await waitFor(() => expect(router.state.location.search).toBe('?tab=x'))
    expect(toast.success).toHaveBeenCalledTimes(1)
  })

  it('?payment=success on a guild the server still calls trial never says success: it is being confirmed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      const calls = serve()
      renderPage(<SubscriptionPage />, '/?payment=success')
      await waitFor(() =>
        expect(toast.loading).toHaveBeenCalledWith('Confirmando o pagamento…', expect.anything()),
      )
      await vi.advanceTimersByTimeAsync(20_000)
      await waitForToast(
        'info',
        'Pagamento em confirmação: a assinatura é ativada assim que o provedor confirmar o pagamento.',
        expect.anything(),
      )
      expect(toast.success).not.toHaveBeenCalled()
      expect(calls.filter((c) => c.path === '/billing').length).toBeGreaterThan(2)
    } finally {
      vi.useRealTimers()
    }
  })

  it("?payment=cancel says 'Pagamento cancelado' and leaves the address", async () => {
    serve()
    const { router } = renderPage(<SubscriptionPage />, '/?payment=cancel')
    await waitForToast('info', 'Pagamento cancelado', expect.anything())
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(toast.success).not.toHaveBeenCalled()
  })
})

describe('what was bought, not the screen language', () => {
  it('shows the amount and currency charged, a scheduled cancellation and Pro until the paid end', async () => {
    serve({
      status: billing(
        { status: 'active', isTrialing: false, daysRemaining: 0 },
        {
          currentPeriodEnd: '2027-01-06T12:00:00.000Z',
          accessUntil: '2027-01-06T12:00:00.000Z',
          interval: 'month',
          hasBillingAccount: true,
          charged: { amount: 3.99, currency: 'USD', interval: 'month' },
        },
      ),
    })
    renderPage(<SubscriptionPage />)
    expect((await badge()).textContent).toBe('Ativa')
    expect(screen.getByTestId('plan-price').textContent).toBe(`US$${NBSP}3,99/mês por guild`)
    expect(screen.getByText('Cancelamento agendado')).toBeTruthy()
    expect(screen.getByTestId('subscription-alert').textContent).toContain('continuam até 06/01/2027')
    expect(screen.getByTestId('period-end').textContent).toBe('06/01/2027')
  })

  it('says before paying that the trial is kept and when the first charge is', async () => {
    serve({ status: billing({}, { firstChargeAt: '2026-12-09T12:00:00.000Z' }) })
    renderPage(<SubscriptionPage />)
    expect((await screen.findByTestId('first-charge')).textContent).toContain('09/12/2026')
  })
})

describe('subscription screen, others', () => {
  it("a member reads 'Acesso restrito' and the screen never asks for billing", async () => {
    const calls = serve({ role: 'guild_member' })
    renderPage(<SubscriptionPage />)
    expect(await screen.findByText('Acesso restrito')).toBeTruthy()
    expect(screen.getByText('Apenas administradores da guild podem gerenciar a assinatura.')).toBeTruthy()
    expect(calls.some((c) => c.path.startsWith('/billing'))).toBe(false)
    expect(screen.queryByRole('button', { name: /Assinar agora/ })).toBeNull()
  })

  it("a member opening the address in English reads 'Restricted access', and nothing asks for billing", async () => {
    await loadTexts(['subscription'], 'en')
    const calls = serve({ role: 'guild_member' })
    renderPage(<SubscriptionPage />)
    expect(await screen.findByText('Restricted access')).toBeTruthy()
    expect(screen.getByText('Only guild administrators can manage the subscription.')).toBeTruthy()
    expect(calls.some((c) => c.path.startsWith('/billing'))).toBe(false)
  })

  it('a user without a guild sees the no-guild notice', async () => {
    const calls = serve({ noGuild: true })
    renderPage(<SubscriptionPage />)
    expect(await screen.findByText('Você não está associado a nenhuma guild')).toBeTruthy()
    expect(calls.some((c) => c.path.startsWith('/billing'))).toBe(false)
  })

  it('in English, prices are in US dollars', async () => {
    await loadTexts(['subscription'], 'en')
    serve()
    renderPage(<SubscriptionPage />)
    expect((await badge()).textContent).toBe('Trial')
    expect(screen.getByTestId('plan-price').textContent).toBe('$3.99/month per guild')
    expect(screen.getByText('$39.90/year')).toBeTruthy()
    expect(button(/Subscribe now/)).toBeTruthy()
    await i18n.changeLanguage('pt')
  })
})
