import { randomBytes } from 'node:crypto'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInPage, signUpAndConfirm } from './support/accounts'
import { AXE_LOOKS, axeViolations } from './support/axe'
import { newPage, type WatchedPage } from './support/browser'
import { setUpJourney } from './support/journey'
import { type SmtpInbox, startSmtpInbox } from './support/smtp-inbox'

// Issue 10's journey: two people. The admin invites; the invitation leaves through a real local SMTP
// server; the invitee opens its link, signs up with locked fields, signs in and works in the guild as a
// member who cannot manage users; the admin deactivates them and their open dashboard is sent away.

let inbox: SmtpInbox
beforeAll(async () => {
  inbox = await startSmtpInbox()
})
afterAll(async () => {
  await inbox?.close()
})
const journey = setUpJourney({ env: () => ({ SMTP_URL: inbox.url }) })

const readLink = (to: string, contains: string) => inbox.link(to, contains)

/** The API as this browser context: its cookies and the app's own origin (state changes need it). */
async function api(page: Page, method: string, path: string, data?: unknown) {
  return page.request.fetch(`${journey.server.url}/api/v1${path}`, {
    method,
    headers: { origin: journey.server.url },
    data,
  })
}

/** Console errors a journey causes on purpose: the browser logs the 401/403 that end a revoked session. */
const unexpected = (errors: string[]) => errors.filter((e) => !/\b(401|403)\b/.test(e))

describe('guild members and invitations', () => {
  it('an admin invites, the invitee joins as a member, and loses access when deactivated', async () => {
    const id = randomBytes(3).toString('hex')
    const admin = { email: `admin-${id}@example.com`, password: 'a-long-password', name: `Ana ${id}` }
    const invitee = { email: `bia-${id}@example.com`, password: 'another-long-password', name: `Bia ${id}` }

    // The admin signs up in the form, confirms through the e-mail the SMTP server received, and signs in.
    const { page: adminPage } = await journey.open()
    await adminPage.goto('/auth?tab=signup')
    await adminPage.locator('#signup-display-name').fill(admin.name)
    await adminPage.locator('#signup-email').fill(admin.email)
    await adminPage.locator('#signup-password').fill(admin.password)
    await adminPage.locator('#signup-confirm-password').fill(admin.password)
    await adminPage.locator('#signup-guild-name').fill(`Members Guild ${id}`)
    await adminPage.locator('#signup-guild-password').fill('raid-night')
    await adminPage.locator('#signup-form button[type="submit"]').click()
    await adminPage.getByTestId('notice-checkEmail').waitFor()
    await adminPage.goto(await readLink(admin.email, '/verify-email'))
    await adminPage.getByTestId('notice-verified').waitFor()
    await signInPage(adminPage, admin)
    // The new guild's trial, on the admin's dashboard home: the days left and the way to subscribe.
    await adminPage.getByTestId('trial-notice').getByText('Teste grátis: 3 dias restantes').waitFor()

    // The users page: no invitation yet, 3 slots; invite Bia.
    await adminPage.getByRole('link', { name: 'Usuários' }).click()
    await adminPage.getByRole('heading', { level: 1, name: 'Usuários' }).waitFor()
    expect(await adminPage.getByTestId('invite-slots').textContent()).toContain('0 de 3 convites usados')
    await adminPage.getByRole('button', { name: 'Convidar usuário' }).click()
    const inviteDialog = adminPage.getByRole('dialog')
    await inviteDialog.locator('#invite-email').fill(invitee.email)
    await inviteDialog.locator('#invite-display-name').fill(invitee.name)
    await inviteDialog.getByRole('button', { name: 'Enviar convite' }).click()
    await adminPage.getByText('Convite enviado!').waitFor()
    const invitations = adminPage.getByRole('table', { name: 'Convites' })
    await invitations
      .getByRole('row', { name: new RegExp(invitee.email) })
      .getByText('Pendente')
      // The visible one: a phone's copy under the e-mail is hidden at this width.
      .filter({ visible: true })
      .waitFor()
    expect(await adminPage.getByTestId('invite-slots').textContent()).toContain('1 de 3 convites usados')

    // The invitation arrived through SMTP, with the link to /auth?invite=.
    const link = await readLink(invitee.email, '/auth?invite=')
    expect(link.startsWith(`${journey.server.url}/auth?invite=`)).toBe(true)

    const member: WatchedPage = await newPage(journey.browser, { baseURL: journey.server.url })
    try {
      const memberPage = member.page
      await memberPage.goto(link)
      expect(await memberPage.getByRole('tab', { name: 'Cadastrar' }).getAttribute('aria-selected')).toBe(
        'true',
      )
      const email = memberPage.locator('#invite-email')
      await email.waitFor()
      expect(await email.inputValue()).toBe(invitee.email)
      expect(await email.getAttribute('readonly')).not.toBeNull()
      expect(await memberPage.locator('#invite-display-name').inputValue()).toBe(invitee.name)
      expect(await memberPage.locator('#invite-display-name').getAttribute('readonly')).not.toBeNull()
      expect(await memberPage.locator('#signup-guild-name').count()).toBe(0)
      expect(await memberPage.getByTestId('invite-intro').textContent()).toContain(`Members Guild ${id}`)
      expect(await axeViolations(memberPage), '/auth?invite=').toEqual([])
      await memberPage.locator('#invite-password').fill(invitee.password)
      await memberPage.locator('#invite-confirm-password').fill(invitee.password)
      await memberPage.getByRole('button', { name: 'Criar conta', exact: true }).click()
      // Signed in by the sign-up itself, straight into the dashboard: the link proved the address, so no
      // confirmation e-mail and no second typing of the password (outside testers had to sign in again).
      await memberPage.waitForURL(/\/dashboard$/)
      expect(inbox.mails.filter((m) => m.to.includes(invitee.email))).toHaveLength(1)
      // A member's sidebar offers only the screens a member can use, and no billing notice.
      const memberNav = memberPage.getByRole('navigation', { name: 'Navegação do painel' })
      await memberNav.getByRole('link', { name: 'Jogadores' }).waitFor()
      for (const name of ['Usuários', 'Assinatura'])
        expect(await memberNav.getByRole('link', { name }).count(), name).toBe(0)
      expect(await memberPage.getByTestId('trial-notice').count()).toBe(0)

      // The member works in the same guild: adds a player the admin then sees.
      await memberPage.goto('/dashboard/players')
      await memberPage.getByRole('heading', { level: 1 }).waitFor()
      await memberPage.getByRole('button', { name: 'Adicionar jogador', exact: true }).first().click()
      await memberPage.locator('#player-name').fill(`Legolas ${id}`)
      await memberPage.getByRole('dialog').locator('button[type="submit"]').click()
      await memberPage.getByRole('cell', { name: `Legolas ${id}`, exact: true }).waitFor()
      const players = (await (await api(adminPage, 'GET', '/players')).json()) as {
        players: { name: string }[]
      }
      expect(players.players.map((p) => p.name)).toContain(`Legolas ${id}`)

      // …but cannot manage users: the screen says so, and the server refuses too.
      await memberPage.goto('/dashboard/users')
      await memberPage.getByText('Apenas administradores podem gerenciar usuários da guild.').waitFor()
      expect((await api(memberPage, 'GET', '/members')).status()).toBe(403)
      const refused = await api(memberPage, 'POST', '/invitations', {
        email: `x-${id}@example.com`,
        displayName: 'X',
      })
      expect(refused.status()).toBe(403)

      // The admin's page followed live: the invitation is accepted and Bia is a member.
      await invitations
        .getByRole('row', { name: new RegExp(invitee.email) })
        .getByText('Aceito')
        .filter({ visible: true })
        .waitFor()
      const users = adminPage.getByRole('table', { name: 'Usuários da guild' })
      const biaRow = users.getByRole('row', { name: new RegExp(invitee.name) })
      await biaRow.getByText('Membro').filter({ visible: true }).waitFor()
      // The admin's own row offers only editing.
      const ownRow = users.getByRole('row', { name: new RegExp(admin.name) })
      expect(await ownRow.getByRole('button').filter({ visible: true }).count()).toBe(1)

      // Deactivated, once confirmed: the member's open dashboard leaves for the notice on its own.
      await biaRow.getByRole('button', { name: `Desativar ${invitee.name}` }).click()
      const confirm = adminPage.getByRole('alertdialog')
      await confirm.getByText('não consegue mais entrar nesta guild', { exact: false }).waitFor()
      await confirm.getByRole('button', { name: 'Desativar usuário', exact: true }).click()
      await adminPage.getByText('Usuário desativado', { exact: true }).waitFor()
      await memberPage.waitForURL(/\/auth\?message=removed&reason=deactivated$/, { timeout: 15_000 })
      await memberPage.getByText('Sua conta foi desativada por um administrador.').waitFor()
      // Signing in again is refused with a clear message…
      await memberPage.locator('#signin-email').fill(invitee.email)
      await memberPage.locator('#signin-password').fill(invitee.password)
      const refusedSignIn = memberPage.waitForResponse((r) => r.url().endsWith('/auth/sign-in/email'))
      await memberPage.locator('#signin-form button[type="submit"]').click()
      expect((await refusedSignIn).status()).toBeGreaterThanOrEqual(400)
      // Said as it is: deactivated (not removed), and who can undo it.
      await memberPage
        .getByText('Sua conta foi desativada pelo administrador da guild. Peça a ele para reativá-la.')
        .first()
        .waitFor()

      // …until the admin reactivates them.
      await biaRow.getByRole('button', { name: `Ativar ${invitee.name}` }).click()
      await adminPage.getByText('Usuário ativado', { exact: true }).waitFor()
      // The refusal may have sent the page to the deactivation notice again, which empties the form.
      await memberPage.locator('#signin-email').fill(invitee.email)
      await memberPage.locator('#signin-password').fill(invitee.password)
      await memberPage.locator('#signin-form button[type="submit"]').click()
      await memberPage.waitForURL(/\/dashboard$/)
      expect(unexpected(member.consoleErrors)).toEqual([])
    } finally {
      await member.context.close()
    }
  })
})

// An outside tester opened an English e-mail's links in a fresh browser and got the pages in Portuguese: each
// link now says the e-mail's language (contract/language-link.ts). Here every link an English account's
// e-mails carry to sign-in is opened in a browser of its own, whose language is Portuguese and which never
// chose one: confirmation, invitation, password reset.
describe("an English e-mail's links", () => {
  it('open their pages in English in a fresh Portuguese browser, which keeps English as its choice', async () => {
    const id = randomBytes(3).toString('hex')
    const account = { email: `en-${id}@example.com`, password: 'a-long-password' }
    const send = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${journey.server.url}/api/v1${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: journey.server.url, ...headers },
        body: JSON.stringify(body),
      })
    /** The link opened in a browser of its own; the page's address afterwards, and its language. */
    async function open(link: string, shows: (page: Page) => Promise<unknown>) {
      const fresh = await newPage(journey.browser, { baseURL: journey.server.url })
      try {
        await fresh.page.goto(link)
        await shows(fresh.page)
        expect(await fresh.page.evaluate(() => document.documentElement.lang)).toBe('en-US')
        // Taken out of the address once applied, and kept as the visitor's choice.
        expect(fresh.page.url()).not.toContain('lang=')
        expect(await fresh.page.evaluate(() => localStorage.getItem('language'))).toBe('en')
        expect(fresh.consoleErrors).toEqual([])
        return new URL(fresh.page.url())
      } finally {
        await fresh.context.close()
      }
    }

    const signUp = await send('/accounts/signup', {
      ...account,
      confirmPassword: account.password,
      displayName: `Eve ${id}`,
      guildName: `English Guild ${id}`,
      guildPassword: 'raid-night',
      language: 'en',
    })
    expect(signUp.status).toBe(201)
    await open(await readLink(account.email, '/verify-email'), (page) =>
      page.getByTestId('notice-verified').getByText('E-mail confirmed!').waitFor(),
    )

    // The admin, in English, invites someone: the e-mail is English, and so is the page its link opens.
    const signedIn = await send('/auth/sign-in/email', account)
    expect(signedIn.status).toBe(200)
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    const invitee = `inv-${id}@example.com`
    const invited = await send(
      '/invitations',
      { email: invitee, displayName: 'Ivy' },
      {
        cookie,
        'accept-language': 'en',
      },
    )
    expect(invited.status).toBe(201)
    const invitation = await readLink(invitee, '/auth?invite=')
    expect(new URL(invitation).searchParams.get('lang')).toBe('en')
    const opened = await open(invitation, async (page) => {
      await page.getByRole('tab', { name: 'Sign up', selected: true }).waitFor()
      expect(await page.getByTestId('invite-intro').textContent()).toContain(
        `You were invited to the guild English Guild ${id}`,
      )
    })
    expect(opened.searchParams.get('invite')).toBe(new URL(invitation).searchParams.get('invite'))

    // A forgotten password: the link goes through the server, which sends it on to the page in English.
    expect(
      (await send('/auth/request-password-reset', { email: account.email, redirectTo: '/auth?mode=reset' }))
        .status,
    ).toBe(200)
    const reset = await open(await readLink(account.email, '/reset-password/'), (page) =>
      page.getByRole('heading', { level: 1, name: 'Reset password' }).waitFor(),
    )
    expect(reset.searchParams.get('mode')).toBe('reset')
    expect(reset.searchParams.get('token')).toBeTruthy()
  })
})

// A browser whose language is English, which never chose one here: the server answers the page shell in
// English (its Accept-Language), and the page the browser draws alone (a dashboard link, signed out, goes to
// the sign-in page with its `next`) is English too, not Portuguese under an English `lang`.
describe('a fresh English browser', () => {
  it('opens a dashboard link on an English sign-in page, its texts as its lang says', async () => {
    const fresh = await newPage(journey.browser, { baseURL: journey.server.url, locale: 'en-US' })
    try {
      await fresh.page.goto('/dashboard/items')
      await fresh.page.waitForURL(/\/auth\?/)
      await fresh.page.getByRole('tab', { name: 'Sign in', selected: true }).waitFor()
      expect(await fresh.page.evaluate(() => document.documentElement.lang)).toBe('en-US')
      // The browser's language is not a choice the visitor made: nothing is kept.
      expect(await fresh.page.evaluate(() => localStorage.getItem('language'))).toBeNull()
      // Signed out, the dashboard's session check answers 401 (it then sends the visitor to sign in).
      expect(fresh.consoleErrors.filter((e) => !e.includes('401 (Unauthorized)'))).toEqual([])
    } finally {
      await fresh.context.close()
    }
  })
})

describe('accessibility of the users page', () => {
  it('finds no axe violations in light and dark, pt and en, at 1280 and 360 px', async () => {
    const account = await signUpAndConfirm(journey.server.url, {}, readLink)
    const { page } = await journey.open({ signIn: account })
    // Rows in both tables: a pending invitation and a member who joined through another.
    const id = randomBytes(3).toString('hex')
    expect(
      (
        await api(page, 'POST', '/invitations', { email: `p-${id}@example.com`, displayName: 'Pendente' })
      ).status(),
    ).toBe(201)
    const joined = `j-${id}@example.com`
    expect((await api(page, 'POST', '/invitations', { email: joined, displayName: 'Joana' })).status()).toBe(
      201,
    )
    const token = new URL(await readLink(joined, '/auth?invite=')).searchParams.get('invite')
    const signup = await fetch(`${journey.server.url}/api/v1/accounts/signup-invite`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: journey.server.url },
      body: JSON.stringify({ token, password: 'a-long-password', confirmPassword: 'a-long-password' }),
    })
    expect(signup.status).toBe(201)

    for (const { language, theme } of AXE_LOOKS) {
      // The profile's language wins in the dashboard, so it is the one to set.
      expect((await api(page, 'PATCH', '/me/profile', { language })).status()).toBe(200)
      await page.evaluate((t) => localStorage.setItem('theme', t), theme)
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 800 })
        await page.goto('/dashboard/users')
        await page
          .getByRole('table', { name: language === 'pt' ? 'Usuários da guild' : 'Guild users' })
          .waitFor()
        await page.getByText('Joana').filter({ visible: true }).first().waitFor()
        const where = `${language} ${theme} ${width}px`
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark')), where).toBe(
          theme === 'dark',
        )
        expect(await axeViolations(page), where).toEqual([])
        // Only the tables scroll sideways at phone width, never the page.
        expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(
          width,
        )
        // The invite dialog too.
        await page
          .getByRole('button', { name: language === 'pt' ? 'Convidar usuário' : 'Invite user' })
          .click()
        await page.getByRole('dialog').waitFor()
        expect(await axeViolations(page, '[role="dialog"]'), `${where} dialog`).toEqual([])
        await page.keyboard.press('Escape')
        await page.getByRole('dialog').waitFor({ state: 'detached' })
      }
    }
  }, 240_000)
})
