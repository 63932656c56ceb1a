import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { MAX_DISPLAY_NAME, type Me } from '@contract/accounts'
import type { Invitation, Member, MembersPage } from '@contract/members'
import { type ApiCall, describedAs, loadTexts, mockApi, renderPage } from '@web/test/render'
import { me } from '@web/test/factories'
import { i18n } from '@web/lib/i18n'
import { UsersPage } from './users-page'
import { waitForToast } from '@web/test/toasts'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() } }))

const SELF: Member = {
  id: '00000000-0000-4000-8000-000000000011',
  userId: 'u1',
  email: 'ana@example.com',
  displayName: 'Ana Lima',
  role: 'guild_admin',
  isActive: true,
  createdAt: '2025-01-10T12:00:00.000Z',
  isSelf: true,
}
const BRUNO: Member = {
  ...SELF,
  id: '00000000-0000-4000-8000-000000000012',
  userId: 'u2',
  email: 'bruno@example.com',
  displayName: 'Bruno',
  role: 'guild_member',
  isSelf: false,
}
const invitation = (email: string, extra: Partial<Invitation> = {}): Invitation => ({
  id: crypto.randomUUID(),
  email,
  displayName: email.split('@')[0]!,
  status: 'pending',
  createdAt: '2025-01-11T12:00:00.000Z',
  expiresAt: '2025-01-18T12:00:00.000Z',
  isExpired: false,
  ...extra,
})

const page = (extra: Partial<MembersPage> = {}): MembersPage => ({
  members: [SELF, BRUNO],
  invitations: [
    invitation('carla@example.com'),
    invitation('bruno@example.com', { status: 'accepted' }),
    invitation('davi@example.com', { isExpired: true }),
  ],
  slots: { limit: 3, used: 3, extraInvites: 0 },
  ...extra,
})

type Server = {
  who?: Me
  members?: () => MembersPage
  /** Answers to writes, by "METHOD path"; a `code` answers an error with that code (and `fields`). */
  writes?: Record<string, { status: number; code?: string; fields?: Record<string, string>; body?: unknown }>
}

function serve({ who = me(), members = () => page(), writes = {} }: Server = {}) {
  return mockApi(({ method, path }: ApiCall) => {
    if (path === '/me') return { body: who }
    const write = writes[`${method} ${path}`]
    if (write) {
      return write.code
        ? {
            status: write.status,
            body: { error: { code: write.code, message: `server: ${write.code}`, fields: write.fields } },
          }
        : { status: write.status, body: write.body }
    }
    if (method === 'GET' && path === '/members') return { body: members() }
    return undefined
  })
}

const errorToast = (title: string) => waitForToast('error', title, expect.objectContaining({}))

/** On the rendered page: opens the invitation dialog. */
async function openInviteDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Convidar usuário' }))
  return screen.findByRole('dialog')
}

/** In the invitation dialog: types the e-mail and the display name, then sends. */
function sendInvite(dialog: HTMLElement, email: string, displayName: string) {
  fireEvent.change(within(dialog).getByLabelText('E-mail'), { target: { value: email } })
  fireEvent.change(within(dialog).getByLabelText('Nome de exibição'), { target: { value: displayName } })
  fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar convite' }))
}

beforeAll(() => loadTexts(['users']))
afterEach(async () => {
  await i18n.changeLanguage('pt')
})

describe('who sees what', () => {
  it('shows an admin the invitations, their states, the slots and the guild users', async () => {
    serve()
    renderPage(<UsersPage />)
    const invitations = await screen.findByRole('table', { name: 'Convites' })
    const rows = within(invitations).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getAllByRole('cell')[2]!.textContent)).toEqual([
      'Pendente',
      'Aceito',
      'Expirado',
    ])
    // Only pending invitations (expired ones included: they still hold a slot) can be cancelled.
    expect(
      within(rows[0]!).getByRole('button', { name: 'Cancelar o convite de carla@example.com' }),
    ).toBeTruthy()
    expect(within(rows[1]!).queryByRole('button')).toBeNull()
    expect(within(rows[2]!).getByRole('button', { name: /davi@example.com/ })).toBeTruthy()
    expect(screen.getByTestId('invite-slots').textContent).toContain('3 de 3 convites usados')

    const users = screen.getByRole('table', { name: 'Usuários da guild' })
    expect(within(users).getByText('Bruno')).toBeTruthy()
    // Role and status have their columns, and on a phone a line under the name (CSS shows one of them).
    expect(within(users).getAllByText('Membro')).toHaveLength(2)
    expect(within(users).getAllByText('Administrador')).toHaveLength(2)
    expect(within(users).getAllByText('Ativo')).toHaveLength(4)
  })

  it('offers no deactivate, demote or remove on the admin’s own row', async () => {
    serve()
    renderPage(<UsersPage />)
    const users = await screen.findByRole('table', { name: 'Usuários da guild' })
    const own = within(users).getByText('Ana Lima').closest('tr')!
    expect(within(own).getByText('Você')).toBeTruthy()
    expect(
      within(own)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Editar Ana Lima', 'Ações para Ana Lima']) // the buttons, then a phone's one menu
    const other = within(users).getByText('Bruno').closest('tr')!
    expect(
      within(other)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Editar Bruno', 'Desativar Bruno', 'Remover Bruno', 'Ações para Bruno'])
    // Editing oneself: the name can change, the role cannot.
    fireEvent.click(within(own).getByRole('button', { name: 'Editar Ana Lima' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByRole('combobox', { name: 'Papel' }).hasAttribute('disabled')).toBe(true)
    expect(within(dialog).getByText('Você não pode rebaixar a si mesmo.')).toBeTruthy()
  })

  it('tells a member that only admins manage users, without asking the server', async () => {
    const calls = serve({ who: me({ profile: { ...me().profile!, role: 'guild_member' } }) })
    renderPage(<UsersPage />)
    expect(await screen.findByText('Apenas administradores podem gerenciar usuários da guild.')).toBeTruthy()
    expect(calls.map((c) => c.path)).toEqual(['/me'])
  })

  it.each([
    ['past_due', { status: 'past_due', isTrialing: false, isExpired: false, allowed: false }],
    ['expired', { status: 'expired', isTrialing: false, isExpired: true, allowed: false }],
  ] as const)(
    'without Pro (%s) lists users and invitations and offers only what cuts access',
    async (_, sub) => {
      const pending = invitation('carla@example.com')
      const eva: Member = {
        ...BRUNO,
        id: '00000000-0000-4000-8000-000000000013',
        displayName: 'Eva',
        isActive: false,
      }
      const calls = serve({
        who: me({}, sub),
        members: () => page({ members: [SELF, BRUNO, eva], invitations: [pending] }),
        writes: {
          [`POST /members/${BRUNO.id}/deactivate`]: { status: 200, body: { ...BRUNO, isActive: false } },
          [`DELETE /invitations/${pending.id}`]: { status: 204 },
        },
      })
      renderPage(<UsersPage />)
      // The teaser still says what Pro adds, and what is left without it.
      expect(await screen.findByText('Gerenciamento de usuários Premium')).toBeTruthy()
      expect(screen.getByText(/você ainda vê quem tem acesso/)).toBeTruthy()
      expect(screen.getByRole('link', { name: 'Ver assinatura' }).getAttribute('href')).toBe(
        '/dashboard/subscription',
      )
      const users = await screen.findByRole('table', { name: 'Usuários da guild' })
      const labels = (name: string) =>
        within(within(users).getByText(name).closest('tr')!)
          .queryAllByRole('button')
          .map((b) => b.getAttribute('aria-label'))
      expect(labels('Ana Lima')).toEqual([])
      expect(labels('Bruno')).toEqual(['Desativar Bruno', 'Remover Bruno', 'Ações para Bruno'])
      expect(labels('Eva')).toEqual(['Remover Eva', 'Ações para Eva']) // reactivating gives access: Pro
      expect(screen.queryByRole('button', { name: 'Convidar usuário' })).toBeNull()
      expect(screen.queryByRole('button', { name: /convite extra/i })).toBeNull()

      fireEvent.click(within(users).getByRole('button', { name: 'Desativar Bruno' }))
      fireEvent.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Desativar usuário' }),
      )
      await waitForToast('success', 'Usuário desativado', expect.anything())
      const invitations = screen.getByRole('table', { name: 'Convites' })
      fireEvent.click(
        within(invitations).getByRole('button', { name: 'Cancelar o convite de carla@example.com' }),
      )
      fireEvent.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancelar convite' }),
      )
      await waitForToast('success', 'Convite cancelado')
      expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
        `POST /members/${BRUNO.id}/deactivate`,
        `DELETE /invitations/${pending.id}`,
      ])
    },
  )

  it.each([
    ['pt', '2 pessoas com acesso ao painel da guild.', '1 pessoa com acesso ao painel da guild.'],
    [
      'en',
      "2 people with access to the guild's dashboard.",
      "1 person with access to the guild's dashboard.",
    ],
  ] as const)('counts only the members who can sign in (%s)', async (language, both, one) => {
    await loadTexts(['users'], language)
    let brunoActive = true
    serve({ members: () => page({ members: [SELF, { ...BRUNO, isActive: brunoActive }] }) })
    const first = renderPage(<UsersPage />)
    expect(await screen.findByText(both)).toBeTruthy()
    first.unmount()
    brunoActive = false
    renderPage(<UsersPage />)
    expect(await screen.findByText(one)).toBeTruthy()
  })

  it.each([
    [402, 'SUBSCRIPTION_REQUIRED', 'Gerenciamento de usuários Premium'],
    [403, 'FORBIDDEN', 'Apenas administradores podem gerenciar usuários da guild.'],
  ])('follows the server when it answers %s %s', async (status, code, text) => {
    mockApi(({ path }) =>
      path === '/me' ? { body: me() } : { status, body: { error: { code, message: 'x' } } },
    )
    renderPage(<UsersPage />)
    expect(await screen.findByText(text)).toBeTruthy()
    expect(toast.error).not.toHaveBeenCalled()
  })

  it('says the screen could not load, with a retry', async () => {
    let fail = true
    mockApi(({ path }) => {
      if (path === '/me') return { body: me() }
      return fail ? { status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } } : { body: page() }
    })
    renderPage(<UsersPage />)
    await errorToast('Erro ao carregar usuários da guild')
    fail = false
    fireEvent.click(await screen.findByRole('button', { name: 'Tentar novamente' }))
    expect(await screen.findByRole('table', { name: 'Usuários da guild' })).toBeTruthy()
  })

  it('shows an empty state before the first invitation, in English too', async () => {
    await loadTexts(['users'], 'en')
    serve({
      members: () =>
        page({ members: [SELF], invitations: [], slots: { limit: 4, used: 0, extraInvites: 1 } }),
    })
    renderPage(<UsersPage />)
    expect(await screen.findByText('No invitations sent yet.')).toBeTruthy()
    expect(screen.getByTestId('invite-slots').textContent).toContain('0 of 4 invitations used')
    expect(screen.getByTestId('invite-slots').textContent).toContain('Includes 1 purchased extra invitation.')
  })

  it('tells a member in English that only admins manage users', async () => {
    await loadTexts(['users'], 'en')
    serve({ who: me({ profile: { ...me().profile!, role: 'guild_member' } }) })
    renderPage(<UsersPage />)
    expect(await screen.findByText("Only administrators can manage the guild's users.")).toBeTruthy()
  })
})

describe('invitations', () => {
  it('requires e-mail and display name, then sends the invitation', async () => {
    const calls = serve({
      members: () => page({ slots: { limit: 3, used: 1, extraInvites: 0 } }),
      writes: {
        'POST /invitations': { status: 201, body: { ...invitation('eva@example.com'), emailSent: true } },
      },
    })
    renderPage(<UsersPage />)
    const dialog = await openInviteDialog()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar convite' }))
    expect(await within(dialog).findAllByText('Campo obrigatório.')).toHaveLength(2)
    fireEvent.change(within(dialog).getByLabelText('E-mail'), { target: { value: 'not-an-email' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar convite' }))
    expect(await within(dialog).findByText('Digite um e-mail válido.')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])

    sendInvite(dialog, ' Eva@Example.com ', ' Eva ')
    await waitForToast('success', 'Convite enviado!', {
      description: 'eva@example.com recebeu o link por e-mail.',
    })
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'eva@example.com',
      displayName: 'Eva',
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('says so when the invitation stands but its e-mail could not leave', async () => {
    serve({
      members: () => page({ slots: { limit: 3, used: 0, extraInvites: 0 } }),
      writes: {
        'POST /invitations': { status: 201, body: { ...invitation('eva@example.com'), emailSent: false } },
      },
    })
    renderPage(<UsersPage />)
    const dialog = await openInviteDialog()
    sendInvite(dialog, 'eva@example.com', 'Eva')
    await waitForToast('warning', 'Convite criado, mas o e-mail não foi enviado', expect.anything())
    expect(toast.success).not.toHaveBeenCalled()
  })

  it('at the limit the dialog says so and offers the purchase instead of the form', async () => {
    serve()
    renderPage(<UsersPage />)
    const dialog = await openInviteDialog()
    expect(within(dialog).getByText('Limite atingido')).toBeTruthy()
    expect(
      within(dialog).getByText(
        'Sua guild atingiu o limite de 3 convites. Faça o pagamento para enviar mais convites.',
      ),
    ).toBeTruthy()
    expect(within(dialog).queryByLabelText('E-mail')).toBeNull()
    expect(within(dialog).getByRole('button', { name: /Comprar convite extra/ })).toBeTruthy()
  })

  it('shows an e-mail that already has an account once, on its field, without a toast', async () => {
    serve({
      members: () => page({ slots: { limit: 3, used: 0, extraInvites: 0 } }),
      writes: {
        'POST /invitations': {
          status: 409,
          code: 'INVITE_EMAIL_HAS_ACCOUNT',
          fields: { email: 'INVITE_EMAIL_HAS_ACCOUNT' },
        },
      },
    })
    renderPage(<UsersPage />)
    const dialog = await openInviteDialog()
    sendInvite(dialog, 'bruno@example.com', 'Bruno')
    const message = 'Este e-mail já pertence a uma conta. Cada conta participa de uma única guild.'
    // Issue 14 item 12: a refused field is said once, under the field; other refusals are the toast.
    expect(await within(dialog).findAllByText(message)).toHaveLength(1)
    expect(within(dialog).getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true')
    expect(toast.error).not.toHaveBeenCalled()
  })

  it('when the server finds the limit reached, shows its message and turns the dialog into the limit notice', async () => {
    let used = 2
    serve({
      members: () => page({ slots: { limit: 3, used, extraInvites: 0 } }),
      writes: { 'POST /invitations': { status: 409, code: 'INVITE_LIMIT_REACHED' } },
    })
    renderPage(<UsersPage />, '/', { live: true })
    const dialog = await openInviteDialog()
    used = 3
    sendInvite(dialog, 'eva@example.com', 'Eva')
    await waitForToast('error', 'Erro ao enviar convite', {
      description: 'server: INVITE_LIMIT_REACHED',
    })
    expect(await within(dialog).findByText('Limite atingido')).toBeTruthy()
  })

  it('cancels a pending invitation after confirming, or says it could not', async () => {
    const pending = invitation('carla@example.com')
    const calls = serve({
      members: () => page({ invitations: [pending] }),
      writes: { [`DELETE /invitations/${pending.id}`]: { status: 204 } },
    })
    renderPage(<UsersPage />)
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar o convite de carla@example.com' }))
    const confirm = await screen.findByRole('alertdialog')
    expect(within(confirm).getByText(/O link enviado para carla@example.com deixa de funcionar/)).toBeTruthy()
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancelar convite' }))
    await waitForToast('success', 'Convite cancelado')
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      `/invitations/${pending.id}`,
    ])
  })

  it('says "Não foi possível cancelar o convite." when the server refuses', async () => {
    const pending = invitation('carla@example.com')
    serve({
      members: () => page({ invitations: [pending] }),
      writes: { [`DELETE /invitations/${pending.id}`]: { status: 409, code: 'INVITE_NOT_PENDING' } },
    })
    renderPage(<UsersPage />)
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar o convite de carla@example.com' }))
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancelar convite' }),
    )
    await waitForToast('error', 'Não foi possível cancelar o convite.', {
      description: 'Apenas convites pendentes podem ser cancelados.',
    })
  })
})

describe('guild users', () => {
  it('edits a display name and role; the name is required', async () => {
    const calls = serve({
      writes: { [`PATCH /members/${BRUNO.id}`]: { status: 200, body: { ...BRUNO, role: 'guild_admin' } } },
    })
    renderPage(<UsersPage />)
    fireEvent.click(await screen.findByRole('button', { name: 'Editar Bruno' }))
    const dialog = await screen.findByRole('dialog')
    const name = within(dialog).getByLabelText('Nome de exibição') as HTMLInputElement
    expect(name.value).toBe('Bruno')
    expect(describedAs(name)).toBe(`Restam ${MAX_DISPLAY_NAME - 5} caracteres.`)
    fireEvent.change(name, { target: { value: '   ' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await within(dialog).findByText('Campo obrigatório.')).toBeTruthy()
    fireEvent.change(name, { target: { value: 'Bruno Alves' } })
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Papel' }))
    fireEvent.click(await screen.findByRole('option', { name: 'Administrador' }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    await waitForToast('success', 'Usuário atualizado com sucesso!')
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: `/members/${BRUNO.id}`,
      body: { displayName: 'Bruno Alves', role: 'guild_admin' },
    })
  })

  it('says "Erro ao editar usuário" with the reason when the server refuses', async () => {
    serve({ writes: { [`PATCH /members/${BRUNO.id}`]: { status: 409, code: 'LAST_ADMIN' } } })
    renderPage(<UsersPage />)
    fireEvent.click(await screen.findByRole('button', { name: 'Editar Bruno' }))
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Salvar' }))
    await waitForToast('error', 'Erro ao editar usuário', {
      description: 'A guild precisa de pelo menos um administrador ativo.',
    })
  })

  const DEACTIVATE = {
    pt: {
      button: 'Desativar Bruno',
      title: 'Desativar Bruno?',
      says: [/não consegue mais entrar nesta guild/, /pode ser reativada depois/],
      confirm: 'Desativar usuário',
      keep: 'Manter acesso',
      done: 'Usuário desativado',
      doneText: 'Bruno saiu do painel e não consegue mais entrar.',
      activate: 'Ativar Bruno',
      activated: 'Usuário ativado',
    },
    en: {
      button: 'Deactivate Bruno',
      title: 'Deactivate Bruno?',
      says: [/can no longer sign in to this guild/, /can be reactivated later/],
      confirm: 'Deactivate user',
      keep: 'Keep access',
      done: 'User deactivated',
      doneText: 'Bruno left the dashboard and can no longer sign in.',
      activate: 'Activate Bruno',
      activated: 'User activated',
    },
  } as const

  it.each(['pt', 'en'] as const)(
    'deactivates a member only once confirmed, focus back on their row; reactivates at once (%s)',
    async (language) => {
      const words = DEACTIVATE[language]
      await loadTexts(['users'], language)
      let active = true
      const calls = serve({
        members: () => page({ members: [SELF, { ...BRUNO, isActive: active }] }),
        writes: {
          [`POST /members/${BRUNO.id}/deactivate`]: { status: 200, body: { ...BRUNO, isActive: false } },
          [`POST /members/${BRUNO.id}/activate`]: { status: 200, body: BRUNO },
        },
      })
      renderPage(<UsersPage />, '/', { live: true })
      const posts = () => calls.filter((c) => c.method === 'POST').map((c) => c.path)
      const deactivate = await screen.findByRole('button', { name: words.button })

      // Asked first, saying what it does; keeping access sends nothing.
      deactivate.focus()
      fireEvent.click(deactivate)
      let confirm = await screen.findByRole('alertdialog', { name: words.title })
      for (const said of words.says) expect(within(confirm).getByText(said)).toBeTruthy()
      fireEvent.click(within(confirm).getByRole('button', { name: words.keep }))
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
      expect(posts()).toEqual([])

      fireEvent.click(deactivate)
      confirm = await screen.findByRole('alertdialog', { name: words.title })
      active = false
      fireEvent.click(within(confirm).getByRole('button', { name: words.confirm }))
      await waitForToast('success', words.done, { description: words.doneText })
      expect(posts()).toEqual([`/members/${BRUNO.id}/deactivate`])
      // The button it was asked from is replaced (Ativar): the keyboard stays on Bruno's row, not <body>.
      const activate = await screen.findByRole('button', { name: words.activate })
      await waitFor(() => expect(document.activeElement).toBe(activate.closest('tr')))

      fireEvent.click(activate)
      await waitForToast('success', words.activated)
      expect(screen.queryByRole('alertdialog')).toBeNull()
      expect(posts()).toEqual([`/members/${BRUNO.id}/deactivate`, `/members/${BRUNO.id}/activate`])
    },
  )

  it('says "Erro ao alterar status do usuário" and keeps the question open when the server refuses', async () => {
    serve({ writes: { [`POST /members/${BRUNO.id}/deactivate`]: { status: 409, code: 'LAST_ADMIN' } } })
    renderPage(<UsersPage />)
    fireEvent.click(await screen.findByRole('button', { name: 'Desativar Bruno' }))
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Desativar usuário' }),
    )
    await errorToast('Erro ao alterar status do usuário')
    expect(screen.getByRole('alertdialog')).toBeTruthy()
  })

  it('removes a member after a confirmation that says the account goes and the history stays', async () => {
    const calls = serve({ writes: { [`DELETE /members/${BRUNO.id}`]: { status: 204 } } })
    renderPage(<UsersPage />)
    fireEvent.click(await screen.findByRole('button', { name: 'Remover Bruno' }))
    const confirm = await screen.findByRole('alertdialog')
    const text = within(confirm).getByText(/A conta de Bruno \(bruno@example.com\) será excluída/)
      .textContent!
    expect(text).toContain('As entregas e ações que ela registrou continuam no histórico da guild.')
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remover usuário' }))
    await waitForToast('success', 'Usuário removido')
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/members/${BRUNO.id}`])
  })

  it('says "Erro ao remover usuário" and keeps the dialog open when the server refuses', async () => {
    serve({ writes: { [`DELETE /members/${BRUNO.id}`]: { status: 409, code: 'CANNOT_CHANGE_SELF' } } })
    renderPage(<UsersPage />)
    fireEvent.click(await screen.findByRole('button', { name: 'Remover Bruno' }))
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remover usuário' }),
    )
    await errorToast('Erro ao remover usuário')
    expect(screen.getByRole('alertdialog')).toBeTruthy()
  })
})

describe('extra invitations', () => {
  const popup = () => ({ opener: {} as unknown, closed: false, location: { href: '' }, close: vi.fn() })

  it('opens the checkout in a new window, showing that it is on its way', async () => {
    const win = popup()
    const open = vi.fn(() => win)
    vi.stubGlobal('open', open)
    let answer: (value: { url: string }) => void = () => {}
    mockApi(({ method, path }) => {
      if (path === '/me') return { body: me() }
      if (method === 'GET' && path === '/members') return { body: page() }
      return undefined
    })
    const fetchMock = vi.mocked(fetch)
    const original = fetchMock.getMockImplementation()!
    fetchMock.mockImplementation(async (url, init) => {
      if (String(url).endsWith('/billing/extra-invite')) {
        const body = await new Promise<{ url: string }>((resolve) => {
          answer = resolve
        })
        return new Response(JSON.stringify(body), { status: 200 })
      }
      return original(url, init)
    })
    renderPage(<UsersPage />)
    fireEvent.click(await screen.findByRole('button', { name: /Comprar convite extra \(R\$\s5,00\)/ }))
    expect(open).toHaveBeenCalledWith('', '_blank')
    expect(await screen.findByRole('button', { name: 'Abrindo pagamento…' })).toHaveProperty('disabled', true)
    answer({ url: 'https://checkout.example/session' })
    await waitFor(() => expect(win.location.href).toBe('https://checkout.example/session'))
    expect(win.opener).toBeNull()
  })

  it('closes the window and says "Erro ao processar pagamento" when the checkout cannot start', async () => {
    const win = popup()
    vi.stubGlobal(
      'open',
      vi.fn(() => win),
    )
    serve({ writes: { 'POST /billing/extra-invite': { status: 502, code: 'BILLING_PROVIDER_ERROR' } } })
    renderPage(<UsersPage />)
    fireEvent.click(await screen.findByRole('button', { name: /Comprar convite extra/ }))
    await errorToast('Erro ao processar pagamento')
    expect(win.close).toHaveBeenCalled()
  })

  it.each([
    ['success', 'success', 'Pagamento realizado!'],
    ['cancel', 'info', 'Pagamento cancelado'],
  ] as const)('?payment=%s shows a toast and leaves the address', async (payment, kind, title) => {
    serve()
    const { router } = renderPage(<UsersPage />, `/dashboard/users?payment=${payment}&tab=x`)
    await waitForToast(kind, title, expect.objectContaining({ id: 'payment-return' }))
    await waitFor(() => expect(router.state.location.search).toBe('?tab=x'))
    expect(router.state.location.pathname).toBe('/dashboard/users')
    expect(toast[kind]).toHaveBeenCalledTimes(1)
  })
})
