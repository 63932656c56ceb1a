import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { activeSubscription } from '@web/test/factories'
import { INTEGRATION_URL_MAX, type Integration, type Integrations } from '@contract/integrations'
import { type ApiCall, loadTexts, mockApi, renderPage } from '@web/test/render'
import { IntegrationsCard } from './integrations-card'
import { waitForToast } from '@web/test/toasts'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

const PRO = activeSubscription()
const DISCORD: Integration = {
  kind: 'discord',
  maskedUrl: 'https://discord.com/api/webhooks/1122334455/••••wxyz',
  events: ['awards', 'subscription'],
  language: 'en',
  disabled: null,
  hasSecret: false,
  lastSentAt: null,
  updatedAt: '2025-01-11T15:30:00.000Z',
}

function serve(
  integrations: Integrations,
  extra: (call: ApiCall) => { status?: number; body?: unknown } | undefined = () => undefined,
) {
  return mockApi((call) => {
    if (call.path === '/integrations' && call.method === 'GET') return { body: integrations }
    return extra(call)
  })
}

beforeAll(() => loadTexts(['guild']))

const discordSection = async () => within(await screen.findByTestId('integration-discord'))

describe('Discord and webhook settings', () => {
  it('shows the saved Discord webhook masked, its events and language, and sends a test message', async () => {
    const calls = serve({ discord: DISCORD, webhook: null }, (call) =>
      call.path === '/integrations/discord/test' ? { body: { delivered: true, status: 204 } } : undefined,
    )
    renderPage(<IntegrationsCard subscription={PRO} />)
    const discord = await discordSection()
    expect(
      discord.getByText(/Salvo: https:\/\/discord\.com\/api\/webhooks\/1122334455\/••••wxyz/),
    ).toBeTruthy()
    expect((discord.getByLabelText('Itens recebidos') as HTMLInputElement).checked).toBe(true)
    expect((discord.getByLabelText('Ausências e penalidades') as HTMLInputElement).checked).toBe(false)
    expect((discord.getByLabelText('English') as HTMLInputElement).checked).toBe(true)
    fireEvent.click(discord.getByRole('button', { name: 'Enviar mensagem de teste' }))
    expect(await discord.findByText('Mensagem de teste entregue.')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/integrations/discord/test',
    ])
  })

  it('says once, not again under the address field, where a new address comes from', async () => {
    serve({ discord: null, webhook: null })
    renderPage(<IntegrationsCard subscription={PRO} />)
    const discord = await discordSection()
    expect(
      discord.getAllByText(
        'Crie um webhook nas configurações do canal (Integrações › Webhooks) e cole o endereço aqui.',
      ),
    ).toHaveLength(1)
    const webhook = within(screen.getByTestId('integration-webhook'))
    expect(webhook.getAllByText(/^Para guilds com bot próprio/)).toHaveLength(1)
  })

  it('checks the address with the contract schema before sending, then saves what was chosen', async () => {
    const calls = serve({ discord: null, webhook: null }, (call) =>
      call.method === 'PUT' ? { body: { ...DISCORD, events: ['awards'], language: 'pt' } } : undefined,
    )
    renderPage(<IntegrationsCard subscription={PRO} />)
    const discord = await discordSection()
    const url = discord.getByLabelText('Endereço do webhook')
    fireEvent.change(url, { target: { value: 'https://example.com/not-discord' } })
    fireEvent.click(discord.getByRole('button', { name: 'Salvar' }))
    expect(await discord.findByText(/Use o endereço de um webhook do Discord/)).toBeTruthy()
    expect(url.getAttribute('aria-invalid')).toBe('true')
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([])

    fireEvent.change(url, {
      target: { value: 'https://discord.com/api/webhooks/1122334455/abcdefghijklmnopqrstuvwxyz' },
    })
    for (const label of [
      'Ausências e penalidades',
      'Mudanças na fila (entradas, saídas, nova ordem, interesse)',
      'Mudanças na assinatura',
      'Eventos: início e resumo ao concluir',
    ])
      fireEvent.click(discord.getByLabelText(label))
    fireEvent.click(discord.getByLabelText('Português'))
    fireEvent.click(discord.getByRole('button', { name: 'Salvar' }))
    await waitForToast('success', 'Integração salva')
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/integrations/discord',
      body: {
        url: 'https://discord.com/api/webhooks/1122334455/abcdefghijklmnopqrstuvwxyz',
        events: ['awards'],
        language: 'pt',
      },
    })
  })

  it('says how long an address may be when it is too long', async () => {
    const calls = serve({ discord: null, webhook: null })
    renderPage(<IntegrationsCard subscription={PRO} />)
    const discord = await discordSection()
    const url = discord.getByLabelText('Endereço do webhook')
    const long = `https://discord.com/api/webhooks/1122334455/${'a'.repeat(INTEGRATION_URL_MAX)}`
    fireEvent.change(url, { target: { value: long } })
    fireEvent.click(discord.getByRole('button', { name: 'Salvar' }))
    expect(
      await discord.findByText(`Texto longo demais: no máximo ${INTEGRATION_URL_MAX} caracteres.`),
    ).toBeTruthy()
    expect(url.getAttribute('aria-invalid')).toBe('true')
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([])
  })

  it('offers raid nights and per-award messages during them, each with a sentence; a new one starts without the latter', async () => {
    serve({ discord: null, webhook: null })
    renderPage(<IntegrationsCard subscription={PRO} />)
    const discord = await discordSection()
    const nights = discord.getByLabelText('Eventos: início e resumo ao concluir') as HTMLInputElement
    const perAward = discord.getByLabelText('Cada item recebido durante um evento') as HTMLInputElement
    expect([nights.checked, perAward.checked]).toEqual([true, false])
    // Each sentence describes its checkbox for screen readers too.
    const described = (input: HTMLElement) =>
      document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent
    expect(described(nights)).toMatch(/^Avisa quando um evento começa.*só para esse resumo\.$/)
    expect(described(perAward)).toBe(
      'Envia também cada item recebido durante um evento numa mensagem própria, além do resumo.',
    )
    expect(
      (discord.getByLabelText('Itens recebidos') as HTMLInputElement).getAttribute('aria-describedby'),
    ).toBe(null)
  })

  it('says why announcements stopped when the receiver refused them', async () => {
    serve({
      discord: { ...DISCORD, disabled: { reason: 'rejected', status: 404, at: '2025-01-12T20:00:00.000Z' } },
      webhook: null,
    })
    renderPage(<IntegrationsCard subscription={PRO} />)
    const discord = await discordSection()
    const alert = discord.getByRole('alert')
    expect(alert.textContent).toContain('Os anúncios pararam')
    expect(alert.textContent).toContain('HTTP 404')
  })

  it('without Pro: says so, and the settings cannot be changed or tested', async () => {
    serve({ discord: DISCORD, webhook: null })
    renderPage(
      <IntegrationsCard subscription={{ ...PRO, status: 'canceled', allowed: false, isExpired: true }} />,
    )
    const discord = await discordSection()
    expect(screen.getByText('Recurso da assinatura')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Ver assinatura' }).getAttribute('href')).toBe(
      '/dashboard/subscription',
    )
    expect(discord.getByLabelText('Endereço do webhook').matches(':disabled')).toBe(true)
    expect(
      (discord.getByRole('button', { name: 'Enviar mensagem de teste' }) as HTMLButtonElement).disabled,
    ).toBe(true)
    // Removing stays possible.
    expect((discord.getByRole('button', { name: 'Remover' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('the webhook: a generated secret is at least 16 characters and is sent once', async () => {
    const calls = serve({ discord: null, webhook: null }, (call) =>
      call.method === 'PUT'
        ? {
            body: { ...DISCORD, kind: 'webhook', maskedUrl: 'https://bot.example.org/••••', hasSecret: true },
          }
        : undefined,
    )
    renderPage(<IntegrationsCard subscription={PRO} />)
    const webhook = within(await screen.findByTestId('integration-webhook'))
    fireEvent.change(webhook.getByLabelText('Endereço do webhook'), {
      target: { value: 'https://bot.example.org/hook' },
    })
    fireEvent.click(webhook.getByRole('button', { name: 'Gerar segredo' }))
    const secret = (webhook.getByLabelText('Segredo de assinatura') as HTMLInputElement).value
    expect(secret.length).toBeGreaterThanOrEqual(16)
    fireEvent.click(webhook.getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true))
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      url: 'https://bot.example.org/hook',
      secret,
    })
    expect(
      webhook.getByRole('link', { name: 'Formato e assinatura na referência da API' }).getAttribute('href'),
    ).toBe('/api/v1/docs')
  })
})
