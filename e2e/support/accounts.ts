import { randomBytes } from 'node:crypto'
import type { Page } from 'playwright-core'

// Accounts for browser journeys: a real sign-up through the API, confirmed through the dev outbox.

export type SignedUpAccount = {
  email: string
  password: string
  guildName: string
  slug: string
  displayName: string
}

type OutboxMail = { to: string; subject: string; text: string; createdAt: string }

/** The newest e-mail to `to` whose text has a link, polled from /dev/outbox.json. */
export async function latestMailLink(
  baseURL: string,
  to: string,
  options: { contains?: string; after?: Date; timeoutMs?: number } = {},
): Promise<string> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000)
  while (Date.now() < deadline) {
    const mails = (await (await fetch(`${baseURL}/dev/outbox.json`)).json()) as OutboxMail[]
    for (const mail of mails) {
      if (mail.to !== to.toLowerCase()) continue
      if (options.after && new Date(mail.createdAt) < options.after) continue
      const link = mail.text
        .match(/https?:\/\/\S+/g)
        ?.find((l) => !options.contains || l.includes(options.contains))
      if (link) return link
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`no e-mail with a link to ${to} in the outbox`)
}

/** Where a journey reads e-mailed links: the dev outbox by default, or a real SMTP server (smtp-inbox.ts). */
export type MailLinkReader = (to: string, contains: string) => Promise<string>

/** Signs up through POST /api/v1/accounts/signup and follows the confirmation link. */
export async function signUpAndConfirm(
  baseURL: string,
  overrides: Partial<SignedUpAccount & { language: 'pt' | 'en' }> = {},
  readLink: MailLinkReader = (to, contains) => latestMailLink(baseURL, to, { contains }),
): Promise<SignedUpAccount> {
  const id = randomBytes(4).toString('hex')
  const input = {
    email: `admin-${id}@example.com`,
    password: 'a-long-password',
    displayName: `Admin ${id}`,
    guildName: `Guild ${id}`,
    language: 'pt' as const,
    ...overrides,
  }
  const res = await fetch(`${baseURL}/api/v1/accounts/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL },
    body: JSON.stringify({
      email: input.email,
      password: input.password,
      confirmPassword: input.password,
      displayName: input.displayName,
      guildName: input.guildName,
      guildPassword: 'raid-night',
      language: input.language,
    }),
  })
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`)
  const { slug, email } = (await res.json()) as { slug: string; email: string }
  const link = await readLink(email, '/verify-email')
  const verified = await fetch(link, { redirect: 'manual' })
  if (verified.status !== 302 || verified.headers.get('location')?.includes('error=')) {
    throw new Error(`confirmation failed: ${verified.status} ${verified.headers.get('location')}`)
  }
  return { email, password: input.password, guildName: input.guildName, slug, displayName: input.displayName }
}

/** Signs in through the /auth form and waits for the dashboard. */
export async function signInPage(page: Page, account: { email: string; password: string }) {
  await page.goto('/auth')
  await page.locator('#signin-email').fill(account.email)
  await page.locator('#signin-password').fill(account.password)
  await page.locator('form#signin-form button[type="submit"]').click()
  await page.waitForURL(/\/dashboard(\/|$)/)
}
