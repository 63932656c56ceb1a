import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { toast } from 'sonner'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { loadTexts, mockFetch, renderRoutes } from '@web/test/render'
import { AuthPage } from './auth-page'
import { fill, fillSignup } from './auth.test-support'
import { waitForToast } from '@web/test/toasts'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

const routes = (initial = '/auth') =>
  renderRoutes(
    [
      { path: '/auth', element: <AuthPage /> },
      { path: '/dashboard', element: <p>DASHBOARD</p> },
    ],
    initial,
    { live: true },
  )
const signedOut = { body: null }

beforeAll(() => loadTexts(['auth']))

describe('sign in', () => {
  it('requires e-mail and password, and asks for the e-mail before a reset', async () => {
    const calls = mockFetch(() => signedOut)
    routes()
    fireEvent.click(await screen.findByRole('button', { name: 'Entrar' }))
    expect((await screen.findAllByText('Campo obrigatório.')).length).toBe(2)
    fireEvent.click(screen.getByRole('button', { name: 'Esqueceu sua senha?' }))
    expect(toast.error).toHaveBeenCalledWith('Por favor, digite seu e-mail primeiro.')
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])
  })

  it('signs in through better-auth and opens the dashboard', async () => {
    const calls = mockFetch((call) =>
      call.path === '/api/v1/auth/sign-in/email' ? { body: { token: 't' } } : signedOut,
    )
    routes()
    fill('signin-email', '  Ana@Example.com ')
    fill('signin-password', 'a-long-password')
    fireEvent.click(await screen.findByRole('button', { name: 'Entrar' }))
    expect(await screen.findByText('DASHBOARD')).toBeTruthy()
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'ana@example.com',
      password: 'a-long-password',
      callbackURL: '/auth?verified=1',
    })
  })

  // A wrong e-mail or password is said under the password instead (auth-form-errors.test.tsx).
  it.each([
    [429, 'RATE_LIMITED', 'Muitas tentativas. Aguarde um pouco e tente novamente.'],
    [
      403,
      'ACCOUNT_DEACTIVATED',
      'Sua conta foi desativada pelo administrador da guild. Peça a ele para reativá-la.',
    ],
  ])('shows a %s (%s) from the sign-in in the reader’s words', async (status, code, message) => {
    mockFetch((call) =>
      call.path === '/api/v1/auth/sign-in/email'
        ? { status, body: { error: { code, message: 'x' } } }
        : signedOut,
    )
    routes()
    fill('signin-email', 'ana@example.com')
    fill('signin-password', 'whatever-password')
    fireEvent.click(await screen.findByRole('button', { name: 'Entrar' }))
    await waitForToast('error', 'Erro ao entrar', { description: message })
  })

  it('explains an unconfirmed e-mail', async () => {
    mockFetch((call) =>
      call.path === '/api/v1/auth/sign-in/email'
        ? { status: 403, body: { error: { code: 'EMAIL_NOT_VERIFIED', message: 'x' } } }
        : signedOut,
    )
    routes()
    fill('signin-email', 'ana@example.com')
    fill('signin-password', 'whatever-password')
    fireEvent.click(await screen.findByRole('button', { name: 'Entrar' }))
    expect(await screen.findByText('Confirme seu e-mail')).toBeTruthy()
  })

  it('sends a reset e-mail that comes back to /auth', async () => {
    const calls = mockFetch((call) => (call.method === 'POST' ? { body: { status: true } } : signedOut))
    routes()
    fill('signin-email', 'ana@example.com')
    fireEvent.click(await screen.findByRole('button', { name: 'Esqueceu sua senha?' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalled())
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/v1/auth/request-password-reset',
      body: { email: 'ana@example.com', redirectTo: '/auth?mode=reset' },
    })
  })

  it('says a malformed e-mail under its field instead of asking for a reset, and sends one request per double click', async () => {
    const calls = mockFetch((call) => (call.method === 'POST' ? { body: { status: true } } : signedOut))
    routes()
    fill('signin-email', 'not-an-email')
    fireEvent.click(await screen.findByRole('button', { name: 'Esqueceu sua senha?' }))
    expect(await screen.findByText('Digite um e-mail válido.')).toBeTruthy()
    expect(toast.error).not.toHaveBeenCalled()
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])

    fill('signin-email', 'ana@example.com')
    const forgot = screen.getByRole('button', { name: 'Esqueceu sua senha?' })
    // Both clicks land before React draws the button disabled.
    fireEvent.click(forgot)
    fireEvent.click(forgot)
    await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(1))
    expect(calls.filter((c) => c.path === '/api/v1/auth/request-password-reset')).toHaveLength(1)
  })

  it('sends someone already signed in to the dashboard', async () => {
    mockFetch(() => ({ body: { user: { id: 'u', email: 'a@b.c' }, session: {} } }))
    routes()
    expect(await screen.findByText('DASHBOARD')).toBeTruthy()
  })
})

describe('sign up', () => {
  it('names the tab shown in the title: "Criar conta" on sign-up, "Entrar" on sign-in', async () => {
    mockFetch(() => signedOut)
    routes('/auth?tab=signup')
    await screen.findByRole('button', { name: 'Criar conta e guild' })
    await waitFor(() => expect(document.title).toBe('Criar conta · LootQueue'))
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Entrar' }))
    await waitFor(() => expect(document.title).toBe('Entrar · LootQueue'))
  })

  it('checks matching passwords, length and required fields before sending anything', async () => {
    const calls = mockFetch(() => signedOut)
    routes('/auth?tab=signup')
    fill('signup-password', 'short')
    fill('signup-confirm-password', 'different')
    fireEvent.click(await screen.findByRole('button', { name: 'Criar conta e guild' }))
    expect(await screen.findByText('As senhas não coincidem.')).toBeTruthy()
    expect(screen.getByText('A senha deve ter pelo menos 8 caracteres.')).toBeTruthy()
    expect(screen.getAllByText('Campo obrigatório.').length).toBe(4)
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])
  })

  it('previews the public link from the guild name', async () => {
    mockFetch(() => signedOut)
    routes('/auth?tab=signup')
    fill('signup-guild-name', '  Os Cavaleiros d’Ouro!! ')
    expect(await screen.findByText('Link público: /guilds/os-cavaleiros-d-ouro')).toBeTruthy()
  })

  it('shows a taken guild name on its field, with the address it makes', async () => {
    // The server's words: they name the address the name makes (server/modules/guilds/guilds.service.ts).
    const taken =
      'Já existe uma guild com este nome ou com um nome que gera o mesmo endereço público (/guilds/os-cavaleiros). Escolha outro nome.'
    mockFetch((call) =>
      call.path === '/api/v1/accounts/signup'
        ? {
            status: 409,
            body: {
              error: { code: 'GUILD_NAME_TAKEN', message: taken, fields: { guildName: 'GUILD_NAME_TAKEN' } },
            },
          }
        : signedOut,
    )
    routes('/auth?tab=signup')
    await screen.findByRole('button', { name: 'Criar conta e guild' })
    fillSignup()
    fireEvent.click(screen.getByRole('button', { name: 'Criar conta e guild' }))
    expect(await screen.findByText(taken)).toBeTruthy()
    expect(document.getElementById('signup-guild-name')!.getAttribute('aria-invalid')).toBe('true')
  })

  it('on success asks to check the e-mail and switches to sign-in with the e-mail filled', async () => {
    const calls = mockFetch((call) =>
      call.path === '/api/v1/accounts/signup'
        ? {
            status: 201,
            body: { email: 'ana@example.com', slug: 'os-cavaleiros', verificationRequired: true },
          }
        : signedOut,
    )
    routes('/auth?tab=signup')
    await screen.findByRole('button', { name: 'Criar conta e guild' })
    fillSignup()
    fireEvent.click(screen.getByRole('button', { name: 'Criar conta e guild' }))
    const notice = await screen.findByTestId('notice-checkEmail')
    expect(within(notice).getByText(/ana@example.com/)).toBeTruthy()
    expect((document.getElementById('signin-email') as HTMLInputElement).value).toBe('ana@example.com')
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'ana@example.com',
      password: 'a-long-password',
      confirmPassword: 'a-long-password',
      displayName: 'Ana Lima',
      guildName: 'Os Cavaleiros!',
      guildPassword: 'raid-night',
      language: 'pt',
      // The new guild's clock is this browser's (an outside tester in London got São Paulo's).
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    })
  })
})

describe('notices and reset links', () => {
  // Each way a session ends under a dashboard lands here saying it, and only it (contract/session-end.ts):
  // outside testers read "removed from the guild" after changing their own password in another browser.
  it.each([
    ['password-changed', 'Sua senha foi alterada em outra sessão. Entre com a nova senha.'],
    ['signed-out', 'Você saiu da conta em outra aba ou janela. Entre para continuar.'],
    ['account-deleted', 'Sua conta foi excluída.'],
    ['guild-deleted', 'O administrador excluiu a guild, e com ela sua conta.'],
    // What every older link says too.
    ['removed', 'Você foi removido da guild por um administrador e sua conta foi excluída.'],
    ['deactivated', 'Sua conta foi desativada por um administrador.'],
    ['expired', 'Sua sessão terminou. Entre novamente para continuar.'],
  ])('/auth?message=removed&reason=%s says "%s"', async (reason, text) => {
    mockFetch(() => signedOut)
    routes(reason === 'removed' ? '/auth?message=removed' : `/auth?message=removed&reason=${reason}`)
    const notice = await screen.findByTestId(`notice-ended-${reason}`)
    // Titled as the specification says for message=removed; the text says why, and only that.
    expect(within(notice).getByText('Acesso removido')).toBeTruthy()
    expect(notice.textContent).toContain(text)
    if (reason !== 'removed') expect(notice.textContent).not.toContain('removido da guild')
  })

  it('reads a reason given as the message itself too', async () => {
    mockFetch(() => signedOut)
    routes('/auth?message=password-changed')
    expect((await screen.findByTestId('notice-ended-password-changed')).textContent).toContain(
      'Sua senha foi alterada em outra sessão.',
    )
  })

  it('says the password message in English too', async () => {
    await loadTexts(['auth'], 'en')
    try {
      mockFetch(() => signedOut)
      routes('/auth?message=removed&reason=password-changed')
      expect(
        await screen.findByText(
          'Your password was changed in another session. Sign in with the new password.',
        ),
      ).toBeTruthy()
    } finally {
      await loadTexts(['auth'], 'pt')
    }
  })

  it('shows no notice for a message it does not know', async () => {
    mockFetch(() => signedOut)
    routes('/auth?message=whatever')
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy()
    expect(screen.queryByTestId(/^notice-/)).toBeNull()
  })

  it.each([
    ['/auth?verified=1', 'E-mail confirmado!'],
    ['/auth?verified=1&error=TOKEN_EXPIRED', 'Link de confirmação inválido ou expirado'],
    ['/auth?mode=reset&error=INVALID_TOKEN', 'Link de redefinição inválido ou expirado'],
    // The "reset password" link of the e-mail sent when someone signs up with a registered address.
    ['/auth?forgot=1', 'Redefinir sua senha'],
  ])('%s shows "%s"', async (path, title) => {
    mockFetch(() => signedOut)
    routes(path)
    expect(await screen.findByText(title)).toBeTruthy()
  })

  it('sets a new password from the e-mailed link, then offers sign-in', async () => {
    const calls = mockFetch((call) =>
      call.path === '/api/v1/auth/reset-password' ? { body: { status: true } } : signedOut,
    )
    routes('/auth?mode=reset&token=tok123')
    await screen.findByRole('heading', { name: 'Redefinir senha' })
    fill('reset-new-password', 'brand-new-password')
    fill('reset-confirm-password', 'brand-new-password')
    fireEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }))
    expect(await screen.findByTestId('notice-resetDone')).toBeTruthy()
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      token: 'tok123',
      newPassword: 'brand-new-password',
    })
  })

  it('says so when the reset link was already used', async () => {
    mockFetch((call) =>
      call.path === '/api/v1/auth/reset-password'
        ? { status: 400, body: { error: { code: 'RESET_LINK_INVALID', message: 'x' } } }
        : signedOut,
    )
    routes('/auth?mode=reset&token=used')
    await screen.findByRole('heading', { name: 'Redefinir senha' })
    fill('reset-new-password', 'brand-new-password')
    fill('reset-confirm-password', 'brand-new-password')
    fireEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }))
    await waitForToast('error', 'Erro ao redefinir senha', {
      description: 'O link de redefinição é inválido ou expirou. Peça um novo.',
    })
  })
})
