import { fireEvent, screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { Guild } from '@contract/guild'
import { apiError, loadTexts, mockFetch, renderPage } from '@web/test/render'
import { guild, me } from '@web/test/factories'
import { GuildPage } from './guild-page'
import { waitForToast } from '@web/test/toasts'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

const GUILD = guild()
const STATS = {
  members: 4,
  items: 12,
  distributed: 30,
  createdAt: GUILD.createdAt,
  updatedAt: GUILD.updatedAt,
}

function serve(role: 'guild_admin' | 'guild_member', current: Guild = GUILD) {
  const who = me()
  who.profile!.role = role
  return mockFetch((call) => {
    if (call.path === '/api/v1/me') return { body: who }
    if (call.path === '/api/v1/guild/stats') return { body: STATS }
    if (call.path === '/api/v1/guild' && call.method === 'GET') return { body: current }
    if (call.path === '/api/v1/guild' && call.method === 'PATCH')
      return { body: { ...current, ...(call.body as object) } }
    return undefined
  })
}

beforeAll(() => loadTexts(['guild']))

describe('guild page', () => {
  it('shows name, slug, status badge, masked password with reveal, public link and statistics', async () => {
    serve('guild_member')
    renderPage(<GuildPage />, '/', { live: true })
    expect((await screen.findByTestId('guild-name')).textContent).toBe('Cavaleiros')
    expect(screen.getByText('cavaleiros')).toBeTruthy()
    expect(screen.getByTestId('subscription-badge').textContent).toBe('Período de teste · 2 dias restantes')
    expect(screen.getByTestId('guild-password').textContent).toBe('••••••••')
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar senha' }))
    expect(screen.getByTestId('guild-password').textContent).toBe('raid-night')
    expect((screen.getByLabelText('Link público das filas') as HTMLInputElement).value).toBe(
      `${window.location.origin}/guilds/cavaleiros`,
    )
    const open = screen.getByRole('link', { name: /Abrir/ })
    expect(open.getAttribute('target')).toBe('_blank')
    expect(open.getAttribute('rel')).toContain('noopener')
    expect((await screen.findByTestId('stat-members')).textContent).toBe('4')
    expect(screen.getByTestId('stat-distributed').textContent).toBe('30')
    expect(screen.getByTestId('stat-created').textContent).toBe('10/01/2025')
    // The date and the time each on one line: a narrow box broke "06/12/2026" from its ", 14:18".
    const updated = [...screen.getByTestId('stat-updated').querySelectorAll('time > span')]
    expect(updated.map((half) => half.className)).toEqual(['whitespace-nowrap', 'whitespace-nowrap'])
    expect(updated.map((half) => half.textContent)).toEqual([
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4},$/),
      expect.stringMatching(/^\d{2}:\d{2}$/),
    ])
    // Members do not edit and do not see the advanced settings.
    expect(screen.queryByRole('button', { name: 'Editar' })).toBeNull()
    expect(screen.queryByText('Configurações avançadas')).toBeNull()
    expect(screen.queryByText('Discord e webhooks')).toBeNull()
  })

  it("says 'Não definida' when the guild has no public password", async () => {
    serve('guild_member', { ...GUILD, publicAccessPassword: null })
    renderPage(<GuildPage />, '/', { live: true })
    expect(await screen.findByText('Não definida')).toBeTruthy()
  })

  it('lets an admin edit name and password, and cancel', async () => {
    const calls = serve('guild_admin')
    renderPage(<GuildPage />, '/', { live: true })
    expect(await screen.findByText('Configurações avançadas')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Editar' }))
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }))
    expect(screen.queryByRole('textbox', { name: 'Nome' })).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Editar' }))
    const form = document.getElementById('guild-edit-form') as HTMLElement
    fireEvent.change(within(form).getByLabelText('Nome'), { target: { value: '   ' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Informe o nome da guild.')).toBeTruthy()
    fireEvent.change(within(form).getByLabelText('Nome'), { target: { value: 'Novos Cavaleiros' } })
    fireEvent.change(within(form).getByLabelText('Senha de acesso público'), { target: { value: '' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }))
    await waitForToast('success', 'Guild atualizada com sucesso!')
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      name: 'Novos Cavaleiros',
      publicAccessPassword: '',
    })
    expect((await screen.findByTestId('guild-name')).textContent).toBe('Novos Cavaleiros')
  })

  it('shows the not-associated notice to a user with no guild', async () => {
    mockFetch((call) =>
      call.path === '/api/v1/me'
        ? { body: me({ profile: null, guild: null, subscription: null }) }
        : apiError(403, 'NO_GUILD'),
    )
    renderPage(<GuildPage />, '/', { live: true })
    expect(await screen.findByText('Nenhuma guild associada')).toBeTruthy()
  })
})
