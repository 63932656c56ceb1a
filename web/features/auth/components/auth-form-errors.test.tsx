import { fireEvent, screen, waitFor } from '@testing-library/react'
import { toast } from 'sonner'
import { describe, expect, it, vi } from 'vitest'
import { MAX_DISPLAY_NAME, MAX_GUILD_NAME } from '@contract/accounts'
import { describedAs, loadTexts, mockFetch, renderRoutes } from '@web/test/render'
import { AuthPage } from './auth-page'
import { fillSignup, fill } from './auth.test-support'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() } }))

// Issue 14, item 12: one way to show a form error. A refused field is said once, under the field; signing in
// before confirming the e-mail is one notice (the form's own), not that notice plus a toast.

const texts = {
  pt: {
    signIn: 'Entrar',
    signUp: 'Criar conta e guild',
    unverified: 'Confirme seu e-mail',
    wrongCredentials: 'E-mail ou senha incorretos.',
    guildTaken:
      'Já existe uma guild com este nome ou com um nome que gera o mesmo endereço público (/guilds/os-cavaleiros). Escolha outro nome.',
    tooLong: (max: number) => `Texto longo demais: no máximo ${max} caracteres.`,
    left: (count: number) => `Restam ${count} caracteres.`,
    over: (count: number) => `${count} caracteres a mais.`,
  },
  en: {
    signIn: 'Sign in',
    signUp: 'Create account and guild',
    unverified: 'Confirm your e-mail',
    wrongCredentials: 'Incorrect e-mail or password.',
    guildTaken:
      'A guild already has this name, or a name that makes the same public address (/guilds/os-cavaleiros). Choose another name.',
    tooLong: (max: number) => `Too long: at most ${max} characters.`,
    left: (count: number) => `${count} characters left.`,
    over: (count: number) => `${count} characters too many.`,
  },
}

const signedOut = { body: null }
const routes = (initial: string) =>
  renderRoutes(
    [
      { path: '/auth', element: <AuthPage /> },
      { path: '/dashboard', element: <p>DASHBOARD</p> },
    ],
    initial,
  )

describe.each(['pt', 'en'] as const)('one way to show a form error (%s)', (language) => {
  const words = texts[language]

  it('signing in before confirming shows the confirmation notice alone, without a toast', async () => {
    await loadTexts(['auth'], language)
    const calls = mockFetch((call) =>
      call.path === '/api/v1/auth/sign-in/email'
        ? { status: 403, body: { error: { code: 'EMAIL_NOT_VERIFIED', message: 'x' } } }
        : signedOut,
    )
    routes('/auth')
    fill('signin-email', 'ana@example.com')
    fill('signin-password', 'whatever-password')
    fireEvent.click(await screen.findByRole('button', { name: words.signIn }))
    expect(await screen.findByText(words.unverified)).toBeTruthy()
    expect(calls.filter((c) => c.path === '/api/v1/auth/sign-in/email')).toHaveLength(1)
    expect(toast.error).not.toHaveBeenCalled()
  })

  it('a wrong e-mail or password is said under the password, both fields invalid, the focus on the password', async () => {
    await loadTexts(['auth'], language)
    mockFetch((call) =>
      call.path === '/api/v1/auth/sign-in/email'
        ? { status: 401, body: { error: { code: 'INVALID_CREDENTIALS', message: 'x' } } }
        : signedOut,
    )
    routes('/auth')
    fill('signin-email', 'ana@example.com')
    fill('signin-password', 'whatever-password')
    fireEvent.click(await screen.findByRole('button', { name: words.signIn }))
    const password = document.getElementById('signin-password')!
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'))
    expect(describedAs(password)).toBe(words.wrongCredentials)
    const email = document.getElementById('signin-email')!
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(describedAs(email)).toBe(words.wrongCredentials)
    expect(document.activeElement).toBe(password)
    expect(screen.getAllByText(words.wrongCredentials)).toHaveLength(1)
    expect(toast.error).not.toHaveBeenCalled()
    // Typed again, the password is no longer said to be wrong, and neither is the e-mail.
    fill('signin-password', 'another-password')
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBeNull())
    expect(email.getAttribute('aria-invalid')).toBeNull()
  })

  it('a finished sign-up moves the focus to the "check your e-mail" notice, not to the page', async () => {
    await loadTexts(['auth'], language)
    mockFetch((call) =>
      call.path === '/api/v1/accounts/signup'
        ? {
            status: 201,
            body: { email: 'ana@example.com', slug: 'os-cavaleiros', verificationRequired: true },
          }
        : signedOut,
    )
    routes('/auth?tab=signup')
    const submit = await screen.findByRole('button', { name: words.signUp })
    fillSignup()
    fireEvent.click(submit)
    const notice = await screen.findByTestId('notice-checkEmail')
    await waitFor(() => expect(document.activeElement).toBe(notice))
    expect(notice.getAttribute('tabindex')).toBe('-1')
  })

  // A registered e-mail is no refusal: the server answers it as a new one (docs/product-rules.md, "Accounts").
  it.each([['guild name', 'guildName', 'GUILD_NAME_TAKEN', 'signup-guild-name', 'guildTaken']] as const)(
    'a taken %s is said once, under its field, without a toast',
    async (_what, field, code, id, text) => {
      await loadTexts(['auth'], language)
      const calls = mockFetch((call) =>
        call.path === '/api/v1/accounts/signup'
          ? // The server's words, as it answers them in the reader's language (the guild's names its address).
            { status: 409, body: { error: { code, message: words[text], fields: { [field]: code } } } }
          : signedOut,
      )
      routes('/auth?tab=signup')
      const submit = await screen.findByRole('button', { name: words.signUp })
      fillSignup()
      fireEvent.click(submit)
      expect(await screen.findAllByText(words[text])).toHaveLength(1)
      await waitFor(() => expect(document.getElementById(id)!.getAttribute('aria-invalid')).toBe('true'))
      expect(calls.filter((c) => c.path === '/api/v1/accounts/signup')).toHaveLength(1)
      expect(toast.error).not.toHaveBeenCalled()
    },
  )

  it('a name longer than the field takes is kept whole, said to be over, and refused with the limit', async () => {
    await loadTexts(['auth'], language)
    const calls = mockFetch(() => signedOut)
    routes('/auth?tab=signup')
    const submit = await screen.findByRole('button', { name: words.signUp })
    fillSignup()
    // No maxLength: the browser would cut a paste at the limit, silently.
    expect(document.getElementById('signup-display-name')!.getAttribute('maxlength')).toBeNull()
    expect(document.getElementById('signup-guild-name')!.getAttribute('maxlength')).toBeNull()
    // What is left of each limit is said under the field as it is typed.
    expect(describedAs(document.getElementById('signup-display-name')!)).toBe(
      words.left(MAX_DISPLAY_NAME - 8),
    )
    expect(describedAs(document.getElementById('signup-guild-name')!)).toContain(
      words.left(MAX_GUILD_NAME - 14),
    )
    fill('signup-display-name', 'x'.repeat(300))
    const displayName = document.getElementById('signup-display-name') as HTMLInputElement
    expect(displayName.value).toHaveLength(300)
    expect(describedAs(displayName)).toBe(words.over(300 - MAX_DISPLAY_NAME))
    expect(displayName.getAttribute('aria-invalid')).toBe('true')
    fireEvent.click(submit)
    expect(await screen.findByText(words.tooLong(MAX_DISPLAY_NAME))).toBeTruthy()
    expect(calls.filter((c) => c.path === '/api/v1/accounts/signup')).toHaveLength(0)
  })

  it("a field the server refuses as too long says the server's limit, once, under the field", async () => {
    await loadTexts(['auth'], language)
    mockFetch((call) =>
      call.path === '/api/v1/accounts/signup'
        ? {
            status: 400,
            body: {
              error: {
                code: 'VALIDATION_FAILED',
                message: 'x',
                fields: { guildName: 'tooLong' },
                limits: { guildName: { max: MAX_GUILD_NAME } },
              },
            },
          }
        : signedOut,
    )
    routes('/auth?tab=signup')
    const submit = await screen.findByRole('button', { name: words.signUp })
    fillSignup()
    fireEvent.click(submit)
    expect(await screen.findAllByText(words.tooLong(MAX_GUILD_NAME))).toHaveLength(1)
    await waitFor(() =>
      expect(document.getElementById('signup-guild-name')!.getAttribute('aria-invalid')).toBe('true'),
    )
    expect(toast.error).not.toHaveBeenCalled()
  })

  it('a refusal that names no field is a toast', async () => {
    await loadTexts(['auth'], language)
    mockFetch((call) =>
      call.path === '/api/v1/accounts/signup'
        ? { status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } }
        : signedOut,
    )
    routes('/auth?tab=signup')
    const submit = await screen.findByRole('button', { name: words.signUp })
    fillSignup()
    fireEvent.click(submit)
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1))
  })
})
