import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { loadTexts, mockFetch, type Reply, renderRoutes } from '@web/test/render'
import { AuthPage } from './auth-page'
import { fill } from './auth.test-support'
import { waitForToast } from '@web/test/toasts'

// /auth?invite=TOKEN (docs/product-rules.md, "Screens" and "Members and invitations").

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

const TOKEN = 'tok_abc-123'
const LOOKUP = `/api/v1/invitations/lookup/${TOKEN}`
const INVITE = { email: 'bia@example.com', displayName: 'Bia Souza', guildName: 'Cavaleiros' }
const signedOut = { body: null }
const failure = (status: number, code: string): Reply => ({
  status,
  body: { error: { code, message: code } },
})

const routes = (initial = `/auth?invite=${TOKEN}`) =>
  renderRoutes(
    [
      { path: '/auth', element: <AuthPage /> },
      { path: '/dashboard', element: <p>DASHBOARD</p> },
    ],
    initial,
    { live: true },
  )

/** What a lookup can answer, in the order the tests go through them. */
const OUTCOMES: [status: number, code: string][] = [
  [404, 'INVITE_INVALID'],
  [409, 'INVITE_USED'],
  [409, 'INVITE_REPLACED'],
  [410, 'INVITE_EXPIRED'],
  [409, 'INVITE_UNAVAILABLE'],
  [500, 'INTERNAL'],
]
type Texts = {
  heading: string
  subtitle: string
  trialSubtitle: string
  submit: string
  lock: string
  success: string
  /** Per code of OUTCOMES: the alert's title and text. */
  outcomes: Record<string, [title: string, text: string]>
}

const LANGUAGES: ['pt' | 'en', Texts][] = [
  [
    'pt',
    {
      heading: 'Cadastrar',
      subtitle: 'Crie sua conta para entrar na guild Cavaleiros.',
      trialSubtitle: 'Entre na sua conta ou crie sua guild com 3 dias grátis.',
      submit: 'Criar conta',
      lock: 'Definido pelo convite: não pode ser alterado.',
      success: 'Conta criada com sucesso!',
      outcomes: {
        INVITE_INVALID: ['Convite inválido', 'Este convite não existe. Verifique se o link está correto.'],
        INVITE_USED: ['Convite já utilizado', 'Este convite já foi utilizado.'],
        INVITE_REPLACED: [
          'Convite substituído',
          'Este convite foi substituído por um mais recente. Use o link do e-mail mais recente.',
        ],
        INVITE_EXPIRED: ['Convite expirado', 'Solicite um novo convite ao administrador da guild.'],
        INVITE_UNAVAILABLE: ['Convite indisponível', 'Este convite não está disponível.'],
        INTERNAL: ['Erro ao verificar convite', 'Não foi possível validar o convite. Tente novamente.'],
      },
    },
  ],
  [
    'en',
    {
      heading: 'Sign up',
      subtitle: 'Create your account to join the guild Cavaleiros.',
      trialSubtitle: 'Sign in to your account or create your guild with 3 days free.',
      submit: 'Create account',
      lock: 'Set by the invitation: it cannot be changed.',
      success: 'Account created successfully!',
      outcomes: {
        INVITE_INVALID: [
          'Invalid invitation',
          'This invitation does not exist. Check that the link is correct.',
        ],
        INVITE_USED: ['Invitation already used', 'This invitation has already been used.'],
        INVITE_REPLACED: [
          'Invitation replaced',
          'This invitation was replaced by a newer one. Use the link in the most recent e-mail.',
        ],
        INVITE_EXPIRED: ['Invitation expired', 'Ask the guild administrator for a new invitation.'],
        INVITE_UNAVAILABLE: ['Invitation unavailable', 'This invitation is not available.'],
        INTERNAL: [
          'Error checking the invitation',
          'The invitation could not be validated. Please try again.',
        ],
      },
    },
  ],
]

/** The invite looks up fine; the sign-up itself answers `signup`. */
const inviteAnswering = (signup: Reply) =>
  mockFetch((call) => {
    if (call.path === LOOKUP) return { body: INVITE }
    if (call.path === '/api/v1/accounts/signup-invite') return signup
    return signedOut
  })
/** Created, and signed in by the same answer (the link proved the address). */
const CREATED: Reply = { status: 201, body: { email: INVITE.email, signedIn: true } }
/** Created, but the sign-in after it failed on the server: the person signs in by hand. */
const CREATED_SIGNED_OUT: Reply = { status: 201, body: { email: INVITE.email, signedIn: false } }

/** Once the form is there: the same valid password twice, sent. */
async function sendValidPasswords(submit: string) {
  await screen.findByRole('button', { name: submit })
  fill('invite-password', 'a-long-password')
  fill('invite-confirm-password', 'a-long-password')
  fireEvent.click(screen.getByRole('button', { name: submit }))
}

describe.each(LANGUAGES)('in %s', (language, texts) => {
  const outcomes = OUTCOMES.map(([status, code]) => [status, code, ...texts.outcomes[code]!] as const)
  it.each(outcomes)('a lookup answering %s %s shows "%s"', async (status, code, title, text) => {
    await loadTexts(['auth'], language)
    const calls = mockFetch((call) => (call.path === LOOKUP ? failure(status, code) : signedOut))
    routes()
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText(title)).toBeTruthy()
    expect(within(alert).getByText(text)).toBeTruthy()
    // No form to fill: nothing can be sent with this link.
    expect(document.getElementById('invite-password')).toBeNull()
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])
  })

  it('prefills and locks the e-mail and display name, without guild fields', async () => {
    await loadTexts(['auth'], language)
    mockFetch((call) => (call.path === LOOKUP ? { body: INVITE } : signedOut))
    routes()
    expect((await screen.findByRole('tab', { name: texts.heading })).getAttribute('aria-selected')).toBe(
      'true',
    )
    const email = (await screen.findByRole('textbox', { name: 'E-mail' })) as HTMLInputElement
    expect(email.value).toBe('bia@example.com')
    expect(email.readOnly).toBe(true)
    const name = document.getElementById('invite-display-name') as HTMLInputElement
    expect(name.value).toBe('Bia Souza')
    expect(name.readOnly).toBe(true)
    // The lock is said, not only drawn.
    for (const field of [email, name]) {
      const hint = document.getElementById(field.getAttribute('aria-describedby')!)
      expect(hint?.textContent).toBe(texts.lock)
    }
    expect(screen.getByTestId('invite-intro').textContent).toContain('Cavaleiros')
    // The subtitle is about joining the inviting guild, not about creating one with a trial.
    expect(screen.getByText(texts.subtitle)).toBeTruthy()
    expect(screen.queryByText(texts.trialSubtitle)).toBeNull()
    expect(document.getElementById('signup-guild-name')).toBeNull()
    expect(document.getElementById('signup-guild-password')).toBeNull()
    expect(screen.getByRole('button', { name: texts.submit })).toBeTruthy()
  })

  it('after a sign-up whose sign-in failed, says the account was created', async () => {
    await loadTexts(['auth'], language)
    inviteAnswering(CREATED_SIGNED_OUT)
    routes()
    await sendValidPasswords(texts.submit)
    expect(within(await screen.findByTestId('notice-inviteAccepted')).getByText(texts.success)).toBeTruthy()
  })
})

describe('sign-up through an invite', () => {
  // Outside testers: the invited officer was sent back to the sign-in form to type the password again.
  it('checks the passwords, posts the token, and goes straight into the dashboard, signed in', async () => {
    await loadTexts(['auth'], 'pt')
    const calls = inviteAnswering(CREATED)
    const { router } = routes()
    await screen.findByRole('button', { name: 'Criar conta' })
    fill('invite-password', 'short')
    fill('invite-confirm-password', 'other')
    fireEvent.click(screen.getByRole('button', { name: 'Criar conta' }))
    expect(await screen.findByText('A senha deve ter pelo menos 8 caracteres.')).toBeTruthy()
    expect(screen.getByText('As senhas não coincidem.')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])

    await sendValidPasswords('Criar conta')
    expect(await screen.findByText('DASHBOARD')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/dashboard')
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/v1/accounts/signup-invite',
        body: {
          token: TOKEN,
          password: 'a-long-password',
          confirmPassword: 'a-long-password',
          language: 'pt',
        },
      },
    ])
  })

  it('when the sign-in after the sign-up failed, says so and opens sign-in with the e-mail filled', async () => {
    await loadTexts(['auth'], 'pt')
    const calls = inviteAnswering(CREATED_SIGNED_OUT)
    const { router } = routes()
    await screen.findByRole('button', { name: 'Criar conta' })
    fill('invite-password', 'short')
    fill('invite-confirm-password', 'other')
    fireEvent.click(screen.getByRole('button', { name: 'Criar conta' }))
    expect(await screen.findByText('A senha deve ter pelo menos 8 caracteres.')).toBeTruthy()
    expect(screen.getByText('As senhas não coincidem.')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])

    await sendValidPasswords('Criar conta')
    const notice = await screen.findByTestId('notice-inviteAccepted')
    expect(within(notice).getByText('Conta criada com sucesso!')).toBeTruthy()
    expect(screen.getByRole('tab', { name: 'Entrar' }).getAttribute('aria-selected')).toBe('true')
    expect((document.getElementById('signin-email') as HTMLInputElement).value).toBe('bia@example.com')
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/v1/accounts/signup-invite',
      body: { token: TOKEN, password: 'a-long-password', confirmPassword: 'a-long-password', language: 'pt' },
    })
    // The used link leaves the address, so a reload does not offer it again.
    expect(router.state.location.search).toBe('')
  })

  it('shows the invite problem when the invite expired between opening and sending', async () => {
    await loadTexts(['auth'], 'pt')
    inviteAnswering(failure(410, 'INVITE_EXPIRED'))
    routes()
    await sendValidPasswords('Criar conta')
    expect(await screen.findByTestId('invite-problem-INVITE_EXPIRED')).toBeTruthy()
    expect(document.getElementById('invite-password')).toBeNull()
  })

  it('says "Erro ao criar conta" for any other refusal and keeps the form', async () => {
    await loadTexts(['auth'], 'pt')
    inviteAnswering(failure(429, 'RATE_LIMITED'))
    routes()
    await sendValidPasswords('Criar conta')
    await waitForToast('error', 'Erro ao criar conta', {
      description: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
    })
    expect(document.getElementById('invite-password')).toBeTruthy()
  })

  // Unlike the ordinary sign-up, this one says so: the address is the invitation's, and only the holder of the
  // link sent to it can ask (docs/decisions/002-members-and-invitations.md, "Sign-up and a registered address").
  it('tells an invited address that has an account since to sign in or reset its password', async () => {
    await loadTexts(['auth'], 'pt')
    inviteAnswering(failure(409, 'EMAIL_TAKEN'))
    routes()
    await sendValidPasswords('Criar conta')
    await waitForToast('error', 'Erro ao criar conta', {
      description: 'Este e-mail já está cadastrado. Entre ou recupere sua senha.',
    })
    expect(document.getElementById('invite-password')).toBeTruthy()
  })

  it('retries a failed lookup, and can leave the invite for the ordinary sign-up', async () => {
    await loadTexts(['auth'], 'pt')
    let up = false
    mockFetch((call) => {
      if (call.path === LOOKUP) return up ? { body: INVITE } : failure(503, 'INTERNAL')
      return signedOut
    })
    const { router } = routes()
    await screen.findByText('Erro ao verificar convite')
    up = true
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    expect(await screen.findByRole('button', { name: 'Criar conta' })).toBeTruthy()

    mockFetch((call) =>
      call.path.startsWith('/api/v1/invitations/') ? failure(404, 'INVITE_INVALID') : signedOut,
    )
    await router.navigate('/auth?invite=unknown')
    fireEvent.click(await screen.findByRole('button', { name: 'Criar uma guild sem convite' }))
    expect(await screen.findByRole('button', { name: 'Criar conta e guild' })).toBeTruthy()
    expect(router.state.location.search).toBe('?tab=signup')
  })
})
