import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { apiError, loadTexts, mockFetch, renderRoutes } from '@web/test/render'
import { me } from '@web/test/factories'
import { i18n } from '@web/lib/i18n'
import { SettingsPage } from './settings-page'
import { waitForToast } from '@web/test/toasts'
import { DashboardShell } from '@web/components/layout/dashboard/dashboard-shell'
import { leavePage } from '@web/lib/leave-page'
import { FakeEventSource } from '@web/test/fake-event-source'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))
vi.mock('@web/lib/leave-page', () => ({ leavePage: vi.fn() }))

const render = () =>
  renderRoutes(
    [
      { path: '/dashboard/settings', element: <SettingsPage /> },
      { path: '/', element: <p>HOME</p> },
    ],
    '/dashboard/settings',
    { live: true },
  )
const fill = (id: string, value: string) =>
  fireEvent.change(document.getElementById(id)!, { target: { value } })

/** Opens the settings, types the three passwords and presses "Alterar senha". */
async function changePassword(current: string, next: string, confirm: string) {
  render()
  await screen.findByRole('heading', { name: 'Alterar senha' })
  fill('settings-currentPassword', current)
  fill('settings-newPassword', next)
  fill('settings-confirmPassword', confirm)
  fireEvent.click(screen.getByRole('button', { name: 'Alterar senha' }))
}

/**
 * Presses "Excluir conta": the 'Tem certeza?' dialog and its confirm button (maybe still disabled), the
 * account's password typed (null: left empty).
 */
async function openDeletion(password: string | null = 'my-password') {
  fireEvent.click(await screen.findByRole('button', { name: 'Excluir conta' }))
  const dialog = await screen.findByRole('alertdialog')
  const confirm = within(dialog).getByRole('button', { name: 'Excluir definitivamente' }) as HTMLButtonElement
  if (password !== null) fill('confirm-account-password', password)
  return { dialog, confirm }
}

beforeAll(() => loadTexts(['settings']))
afterEach(async () => {
  await i18n.changeLanguage('pt')
})

describe('password change', () => {
  it('checks confirmation and length (at least 8 characters) in the form', async () => {
    const calls = mockFetch(() => ({ body: me() }))
    await changePassword('old-password', 'short', 'other')
    expect(await screen.findByText('A nova senha deve ter pelo menos 8 caracteres.')).toBeTruthy()
    expect(screen.getByText('As senhas não coincidem.')).toBeTruthy()
    expect(calls.some((c) => c.path === '/api/v1/me/password')).toBe(false)
  })

  it('refuses a new password of spaces only under its field, in the form and from the server', async () => {
    const calls = mockFetch(() => ({ body: me() }))
    await changePassword('old-password', ' '.repeat(8), ' '.repeat(8))
    expect(await screen.findByText('A nova senha não pode ter só espaços.')).toBeTruthy()
    expect(calls.some((c) => c.path === '/api/v1/me/password')).toBe(false)
  })

  it("shows the server's BLANK_PASSWORD under the new password", async () => {
    mockFetch((call) =>
      call.path === '/api/v1/me/password'
        ? {
            status: 400,
            body: {
              error: { code: 'BLANK_PASSWORD', message: 'x', fields: { newPassword: 'BLANK_PASSWORD' } },
            },
          }
        : { body: me() },
    )
    await changePassword('old-password', 'brand-new-password', 'brand-new-password')
    expect(await screen.findByText('A nova senha não pode ter só espaços.')).toBeTruthy()
    expect(document.getElementById('settings-newPassword-error')?.textContent).toBe(
      'A nova senha não pode ter só espaços.',
    )
  })

  it('shows a wrong current password on its field', async () => {
    mockFetch((call) =>
      call.path === '/api/v1/me/password'
        ? {
            status: 400,
            body: {
              error: {
                code: 'CURRENT_PASSWORD_WRONG',
                message: 'x',
                fields: { currentPassword: 'CURRENT_PASSWORD_WRONG' },
              },
            },
          }
        : { body: me() },
    )
    await changePassword('wrong-password', 'brand-new-password', 'brand-new-password')
    expect(await screen.findByText('A senha atual está incorreta.')).toBeTruthy()
  })

  it("says 'Senha alterada' and empties the form", async () => {
    const calls = mockFetch((call) =>
      call.path === '/api/v1/me/password' ? { status: 204 } : { body: me() },
    )
    await changePassword('old-password', 'brand-new-password', 'brand-new-password')
    await waitForToast('success', 'Senha alterada', expect.anything())
    expect((document.getElementById('settings-newPassword') as HTMLInputElement).value).toBe('')
    expect(calls.find((c) => c.path === '/api/v1/me/password')?.body).toEqual({
      currentPassword: 'old-password',
      newPassword: 'brand-new-password',
      confirmPassword: 'brand-new-password',
    })
  })
})

describe('notifications and language', () => {
  it('saves each switch for this user, and puts it back if the server refuses', async () => {
    let fail = false
    const calls = mockFetch((call) => {
      if (call.path === '/api/v1/me/notifications')
        return fail ? apiError(500, 'INTERNAL') : { body: call.body }
      return { body: me() }
    })
    render()
    const loot = await screen.findByRole('switch', { name: 'Notificações de loot' })
    fireEvent.click(loot)
    await waitFor(() => expect(loot.getAttribute('aria-checked')).toBe('false'))
    expect(calls.find((c) => c.path === '/api/v1/me/notifications')?.body).toEqual({
      email: true,
      events: true,
      loot: false,
    })
    fail = true
    const email = screen.getByRole('switch', { name: 'Notificações por e-mail' })
    fireEvent.click(email)
    await waitFor(() => expect(toast.error).toHaveBeenCalled())
    await waitFor(() => expect(email.getAttribute('aria-checked')).toBe('true'))
  })

  it('switches the language, saves it on the profile and in localStorage, and says so in English', async () => {
    const calls = mockFetch((call) =>
      call.path === '/api/v1/me/profile' ? { body: me().profile } : { body: me() },
    )
    render()
    fireEvent.click(await screen.findByRole('combobox', { name: 'Idioma' }))
    fireEvent.click(await screen.findByRole('option', { name: 'English' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Language changed'))
    expect(localStorage.getItem('language')).toBe('en')
    expect(calls.find((c) => c.path === '/api/v1/me/profile')?.body).toEqual({ language: 'en' })
  })
})

describe('account deletion', () => {
  // Issue 43, point 6: the guild's name is asked for only when the guild goes with the account, as the
  // server says (GET /me/deletion), asked again as the dialog opens.
  it("makes the last admin type the guild name in the 'Tem certeza?' dialog, then deletes and leaves", async () => {
    const calls = mockFetch((call) => {
      if (call.method === 'DELETE') return { body: { deleted: 'guild' } }
      if (call.path === '/api/v1/me/deletion') return { body: { deletes: 'guild' } }
      if (call.path === '/api/v1/me') return { body: me() }
      return { body: {} }
    })
    render()
    expect(await screen.findByText(/Você é o último administrador ativo/)).toBeTruthy()
    const { dialog, confirm } = await openDeletion(null)
    expect(within(dialog).getByText('Tem certeza?')).toBeTruthy()
    expect(within(dialog).getByText(/a guild Cavaleiros também/)).toBeTruthy()
    // What happens to the subscription, and the export to take first.
    const billing = within(dialog).getByTestId('delete-guild-billing').textContent
    expect(billing).toContain('cancelada no provedor de pagamento na mesma hora')
    expect(billing).toContain('não há reembolso do período restante')
    expect(billing).toContain('Exportar dados da guild (JSON)')
    expect(confirm.disabled).toBe(true)
    fill('confirm-guild-name', 'Cavaleir')
    expect(confirm.disabled).toBe(true)
    fill('confirm-guild-name', 'Cavaleiros')
    // The name alone is not enough: the account's password is asked too.
    expect(confirm.disabled).toBe(true)
    expect(within(dialog).getByLabelText('Sua senha atual').getAttribute('autocomplete')).toBe(
      'current-password',
    )
    fill('confirm-account-password', 'my-password')
    expect(confirm.disabled).toBe(false)
    fireEvent.click(confirm)
    expect(await screen.findByText('HOME')).toBeTruthy()
    expect(calls.find((c) => c.method === 'DELETE')).toEqual({
      method: 'DELETE',
      path: '/api/v1/me',
      body: { currentPassword: 'my-password', confirmGuildName: 'Cavaleiros' },
    })
    // DELETE /me ended the sessions and cleared the cookie: no sign-out call (it could only answer 401).
    expect(calls.some((c) => c.path === '/api/v1/auth/sign-out')).toBe(false)
  })

  it.each([
    ['a member', 'guild_member'],
    ['an admin while another active admin remains', 'guild_admin'],
  ] as const)('lets %s delete with the password alone, no guild name', async (_who, role) => {
    const signedIn = me()
    signedIn.profile!.role = role
    const calls = mockFetch((call) => {
      if (call.method === 'DELETE') return { body: { deleted: 'account' } }
      if (call.path === '/api/v1/me/deletion') return { body: { deletes: 'account' } }
      return { body: signedIn }
    })
    render()
    const { dialog, confirm } = await openDeletion()
    await waitFor(() => expect(confirm.disabled).toBe(false))
    expect(document.getElementById('confirm-guild-name')).toBeNull()
    expect(within(dialog).queryByText(/Cavaleiros/)).toBeNull()
    fireEvent.click(confirm)
    expect(await screen.findByText('HOME')).toBeTruthy()
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ currentPassword: 'my-password' })
  })

  it('says a wrong password under its field, focused, deleting nothing, and lets it be typed again', async () => {
    let attempts = 0
    mockFetch((call) => {
      if (call.method === 'DELETE') {
        attempts += 1
        if (attempts === 1) return apiError(400, 'CURRENT_PASSWORD_WRONG')
        return { body: { deleted: 'account' } }
      }
      if (call.path === '/api/v1/me/deletion') return { body: { deletes: 'account' } }
      return { body: me() }
    })
    render()
    const { dialog, confirm } = await openDeletion(null)
    const password = within(dialog).getByLabelText('Sua senha atual')
    expect(confirm.disabled).toBe(true)
    fill('confirm-account-password', 'wrong-password')
    await waitFor(() => expect(confirm.disabled).toBe(false))
    fireEvent.click(confirm)
    expect(await within(dialog).findByText('A senha atual está incorreta.')).toBeTruthy()
    expect(password.getAttribute('aria-invalid')).toBe('true')
    await waitFor(() => expect(document.activeElement).toBe(password))
    expect(screen.getByRole('alertdialog')).toBeTruthy()
    expect(toast.error).not.toHaveBeenCalled()
    // Typed again, it is no longer said to be wrong; the right one deletes.
    fill('confirm-account-password', 'my-password')
    expect(within(dialog).queryByText('A senha atual está incorreta.')).toBeNull()
    fireEvent.click(confirm)
    expect(await screen.findByText('HOME')).toBeTruthy()
  })

  it('asks for the guild name once the server says the guild now goes too', async () => {
    let deletes = 'account'
    mockFetch((call) => {
      if (call.method === 'DELETE') {
        // Meanwhile the other admin left: this admin is the last one now.
        deletes = 'guild'
        return apiError(400, 'GUILD_NAME_MISMATCH')
      }
      if (call.path === '/api/v1/me/deletion') return { body: { deletes } }
      return { body: me() }
    })
    render()
    const { confirm } = await openDeletion()
    await waitFor(() => expect(confirm.disabled).toBe(false))
    fireEvent.click(confirm)
    await waitFor(() => expect(document.getElementById('confirm-guild-name')).not.toBeNull())
    expect(screen.getByRole('alertdialog')).toBeTruthy()
    expect(confirm.disabled).toBe(true)
  })

  // A deleted account's own session hears of it before the answer does: its live stream is revoked and
  // the guild's members change. Nothing may then ask the server again (it would only answer 401, a console
  // error in the browser), and the user lands home, not on "you were removed".
  it('deletes once when "Excluir definitivamente" is double-clicked, with no error after it', async () => {
    const calls = mockFetch((call) => {
      if (call.method === 'DELETE') return { body: { deleted: 'account' } }
      if (call.path === '/api/v1/me/deletion') return { body: { deletes: 'account' } }
      return { body: me() }
    })
    render()
    const { confirm } = await openDeletion()
    await waitFor(() => expect(confirm.disabled).toBe(false))
    // Both clicks land before React draws the button busy.
    fireEvent.click(confirm)
    fireEvent.click(confirm)
    expect(await screen.findByText('HOME')).toBeTruthy()
    await waitForToast('success', 'Sua conta foi excluída.')
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1)
    expect(toast.error).not.toHaveBeenCalled()
  })

  it('leaves the dashboard for home without one more request from the ended session', async () => {
    FakeEventSource.all = []
    vi.stubGlobal('EventSource', FakeEventSource)
    vi.mocked(leavePage).mockClear()
    let deleted = false
    const calls = mockFetch((call) => {
      if (call.method === 'DELETE') {
        const stream = FakeEventSource.all.at(-1)!
        stream.emit('change', { topic: 'members' })
        stream.emit('revoked')
        deleted = true
        return { body: { deleted: 'account' } }
      }
      if (deleted) return apiError(401, 'UNAUTHENTICATED')
      if (call.path === '/api/v1/me/deletion') return { body: { deletes: 'account' } }
      return { body: me() }
    })
    const { router, queryClient } = renderRoutes(
      [
        {
          path: '/dashboard',
          element: <DashboardShell />,
          children: [{ path: 'settings', element: <SettingsPage /> }],
        },
        { path: '/', element: <p>HOME</p> },
      ],
      '/dashboard/settings',
      { live: true },
    )
    const { confirm } = await openDeletion()
    await waitFor(() => expect(confirm.disabled).toBe(false))
    FakeEventSource.all.at(-1)!.emit('ready')
    const before = calls.length
    fireEvent.click(confirm)
    expect(await screen.findByText('HOME')).toBeTruthy()
    // Past the live updates' one-second batching, time for any refetch to go out.
    await new Promise((resolve) => setTimeout(resolve, 1200))
    expect(calls.slice(before).map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /api/v1/me'])
    expect(leavePage).not.toHaveBeenCalled()
    expect(router.state.location.pathname).toBe('/')
    expect(FakeEventSource.all.every((source) => source.readyState === FakeEventSource.CLOSED)).toBe(true)
    // What the dashboard read went with it, once it had gone.
    expect(queryClient.getQueryCache().getAll()).toEqual([])
  })
})
