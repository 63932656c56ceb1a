import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { toast } from 'sonner'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SandboxSession } from '@contract/billing'
import { i18n } from '@web/lib/i18n'
import { type ApiCall, loadTexts, mockApi, renderPage } from '@web/test/render'
import { SandboxPage } from './sandbox-page'
import { leavePage } from '@web/lib/leave-page'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))
vi.mock('@web/lib/leave-page', () => ({ leavePage: vi.fn() }))

const session = (over: Partial<SandboxSession> = {}): SandboxSession => ({
  id: 'sess-1',
  kind: 'subscription',
  guildName: 'Cavaleiros',
  interval: 'month',
  amount: 19.9,
  currency: 'BRL',
  returnUrl: '/dashboard/subscription?payment=success',
  cancelUrl: '/dashboard/subscription?payment=cancel',
  status: 'open',
  subscriptionStatus: 'trialing',
  firstChargeAt: null,
  cancelAt: null,
  periodEnd: null,
  ...over,
})

/** The sandbox API: the session as `current` says, and the answer `reply` gives to writes. */
function serve(current: () => SandboxSession | { status: number; code: string }, reply?: ApiCall[]) {
  return mockApi((call) => {
    if (call.path === '/billing/sandbox/sessions/sess-1' && call.method === 'GET') {
      const value = current()
      return 'code' in value
        ? { status: value.status, body: { error: { code: value.code, message: value.code } } }
        : { body: value }
    }
    if (call.method === 'POST' && call.path.startsWith('/billing/sandbox/sessions/sess-1/')) {
      reply?.push(call)
      return { body: current() }
    }
    return undefined
  })
}

const assign = vi.mocked(leavePage)

beforeAll(() => loadTexts(['subscription']))
beforeEach(() => {
  assign.mockClear()
})

describe('sandbox checkout', () => {
  // Outside test G, defect 4: "Assinar (primeira cobrança em 10/12/2026)" kept to one line and pushed the
  // page to 405 px on a 390 px phone. jsdom lays nothing out: the classes that let it wrap are what is seen.
  it('lets the pay button, which names the first charge date, wrap on a phone instead of overflowing', async () => {
    serve(() => session({ firstChargeAt: '2026-12-10T12:00:00.000Z' }))
    renderPage(<SandboxPage id="sess-1" />)
    const pay = await screen.findByRole('button', {
      name: /^Assinar \(primeira cobrança em \d\d\/12\/2026\)$/,
    })
    const classes = pay.className.split(/\s+/)
    expect(classes).toEqual(expect.arrayContaining(['whitespace-normal', 'h-auto', 'text-center', 'w-full']))
    // The button's one-line defaults are gone, not just outweighed.
    expect(classes).not.toContain('whitespace-nowrap')
    expect(classes).not.toContain('h-9')
  })

  it('is labelled Sandbox, says no real charge happens, and sums up guild, item and amount', async () => {
    serve(() => session())
    renderPage(<SandboxPage id="sess-1" />)
    expect(await screen.findByTestId('sandbox-guild')).toBeTruthy()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Checkout (sandbox)')
    expect(screen.getByTestId('sandbox-banner').textContent).toContain('Nenhuma cobrança real é feita')
    expect(screen.getByTestId('sandbox-guild').textContent).toBe('Cavaleiros')
    expect(screen.getByTestId('sandbox-item').textContent).toBe('Assinatura Pro (Mensal)')
    expect(screen.getByTestId('sandbox-amount').textContent).toBe('R$\u00a019,90')
  })

  it('Pagar pays the session and goes to its return address', async () => {
    const writes: ApiCall[] = []
    serve(() => session(), writes)
    renderPage(<SandboxPage id="sess-1" />)
    fireEvent.click(await screen.findByRole('button', { name: /^Pagar R\$/ }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard/subscription?payment=success'))
    expect(writes.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /billing/sandbox/sessions/sess-1/pay'])
  })

  it('Cancelar cancels the session and goes to its cancel address', async () => {
    const writes: ApiCall[] = []
    serve(() => session({ kind: 'extra_invite', interval: null, amount: 5 }), writes)
    renderPage(<SandboxPage id="sess-1" />)
    expect((await screen.findByTestId('sandbox-item')).textContent).toBe('Convite extra (1)')
    expect(screen.getByTestId('sandbox-amount').textContent).toBe('R$\u00a05,00')
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard/subscription?payment=cancel'))
    expect(writes.map((c) => c.path)).toEqual(['/billing/sandbox/sessions/sess-1/cancel'])
  })

  it('a failed payment stays on the page with an error toast', async () => {
    mockApi((call) =>
      call.method === 'GET'
        ? { body: session() }
        : { status: 409, body: { error: { code: 'CONFLICT', message: 'Sessão encerrada.' } } },
    )
    renderPage(<SandboxPage id="sess-1" />)
    fireEvent.click(await screen.findByRole('button', { name: /^Pagar/ }))
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1))
    expect(vi.mocked(toast.error).mock.calls[0]?.[0]).toBe('Erro ao processar pagamento')
    expect(assign).not.toHaveBeenCalled()
  })

  it('a session already paid offers only Voltar', async () => {
    serve(() => session({ status: 'paid' }))
    renderPage(<SandboxPage id="sess-1" />)
    expect(await screen.findByText('Este pagamento já foi realizado.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /^Pagar/ })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Voltar' }))
    expect(assign).toHaveBeenCalledWith('/dashboard/subscription?payment=success')
  })

  it('an unknown session says so and links to the subscription screen', async () => {
    serve(() => ({ status: 404, code: 'NOT_FOUND' }))
    renderPage(<SandboxPage id="sess-1" />)
    expect(await screen.findByText('Sessão de pagamento não encontrada')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Ir para a assinatura' }).getAttribute('href')).toBe(
      '/dashboard/subscription',
    )
    expect(toast.error).not.toHaveBeenCalled()
  })

  it('in English, with the amount in its own currency', async () => {
    await loadTexts(['subscription'], 'en')
    serve(() => session({ currency: 'USD', amount: 39.9, interval: 'year' }))
    renderPage(<SandboxPage id="sess-1" />)
    expect((await screen.findByTestId('sandbox-item')).textContent).toBe('Pro subscription (Yearly)')
    expect(screen.getByTestId('sandbox-amount').textContent).toBe('$39.90')
    expect(screen.getByRole('button', { name: 'Pay $39.90' })).toBeTruthy()
    expect(screen.getByTestId('sandbox-banner').textContent).toContain('No real charge is made')
    await i18n.changeLanguage('pt')
  })
})

describe('sandbox portal', () => {
  it('shows the status, offers the actions that fit it, and shows the new status after one', async () => {
    let current = session({
      kind: 'portal',
      subscriptionStatus: 'active',
      returnUrl: '/dashboard/subscription',
      periodEnd: '2027-01-06T12:00:00.000Z',
    })
    const writes: ApiCall[] = []
    mockApi((call) => {
      if (call.method === 'GET') return { body: current }
      writes.push(call)
      const action = (call.body as { action: string }).action
      // Cancelling is scheduled at the paid period's end: still active until then.
      current = {
        ...current,
        subscriptionStatus: action === 'fail_payment' ? 'past_due' : 'active',
        cancelAt: action === 'cancel_subscription' ? '2027-01-06T12:00:00.000Z' : null,
      }
      return { body: current }
    })
    renderPage(<SandboxPage id="sess-1" />)
    const status = await screen.findByTestId('sandbox-subscription-status')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Portal de assinatura (sandbox)')
    expect(status.textContent).toBe('Ativa')
    const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement
    expect(button('Recuperar pagamento').disabled).toBe(true)
    expect(button('Cancelar assinatura').disabled).toBe(false)

    fireEvent.click(button('Simular falha de pagamento'))
    await waitFor(() =>
      expect(screen.getByTestId('sandbox-subscription-status').textContent).toBe('Pagamento pendente'),
    )
    expect(toast.success).toHaveBeenCalledWith('Falha de pagamento simulada')
    expect(button('Simular falha de pagamento').disabled).toBe(true)

    fireEvent.click(button('Recuperar pagamento'))
    await waitFor(() => expect(screen.getByTestId('sandbox-subscription-status').textContent).toBe('Ativa'))

    // Cancelling asks first, and says Pro lasts to the paid period's end without a refund.
    fireEvent.click(button('Cancelar assinatura'))
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog.textContent).toContain('continuam até o fim do período já pago (06/01/2027)')
    expect(writes).toHaveLength(2)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar assinatura' }))
    await waitFor(() => expect(screen.getByTestId('sandbox-cancel-at').textContent).toBe('06/01/2027'))
    expect(screen.getByTestId('sandbox-subscription-status').textContent).toBe('Ativa')
    for (const name of ['Cancelar assinatura', 'Simular falha de pagamento', 'Recuperar pagamento'])
      expect(button(name).disabled).toBe(true)
    expect(button('Desfazer cancelamento').disabled).toBe(false)
    expect(writes.map((c) => c.body)).toEqual([
      { action: 'fail_payment' },
      { action: 'recover_payment' },
      { action: 'cancel_subscription' },
    ])
    expect(writes[0]?.path).toBe('/billing/sandbox/sessions/sess-1/portal')

    fireEvent.click(button('Voltar'))
    expect(assign).toHaveBeenCalledWith('/dashboard/subscription')
  })
})
