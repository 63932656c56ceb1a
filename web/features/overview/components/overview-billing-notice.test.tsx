import { screen, within } from '@testing-library/react'
import { afterAll, describe, expect, it, vi } from 'vitest'
import type { Me, Subscription } from '@contract/accounts'
import { me, overview } from '@web/test/factories'
import { loadTexts, mockApi, renderPage } from '@web/test/render'
import { OverviewPage } from './overview-page'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

const OVERVIEW = overview()

type Language = 'pt' | 'en'

function serve(
  language: Language,
  role: 'guild_admin' | 'guild_member',
  subscription: Partial<Subscription>,
) {
  const who: Me = me({}, subscription)
  who.profile = { ...who.profile!, role, language }
  mockApi(({ path }) => {
    if (path === '/me') return { body: who }
    if (path === '/overview') return { body: OVERVIEW }
    return undefined
  })
}

const ENDED = { isTrialing: false, isExpired: true, allowed: false, daysRemaining: 0 } as const

const WORDS = {
  pt: {
    counters: 'Números da guild',
    twoDays: 'Teste grátis: 2 dias restantes',
    oneDay: 'Teste grátis: 1 dia restante',
    subscribe: 'Assinar',
    trialEnded: 'Seu período de teste terminou',
    canceled: 'Assinatura cancelada',
    open: 'Ver assinatura',
  },
  en: {
    counters: 'Guild numbers',
    twoDays: 'Free trial: 2 days left',
    oneDay: 'Free trial: 1 day left',
    subscribe: 'Subscribe',
    trialEnded: 'Your trial has ended',
    canceled: 'Subscription canceled',
    open: 'See subscription',
  },
} as const

/** Renders the dashboard home once its counters are drawn (the account is read by then). */
async function renderHome(language: Language) {
  renderPage(<OverviewPage />)
  await screen.findByRole('region', { name: WORDS[language].counters })
}

afterAll(() => loadTexts([], 'pt'))

describe.each(['pt', 'en'] as const)('the dashboard home on the subscription (%s)', (language) => {
  const words = WORDS[language]

  it("tells an admin on a trial the server's days left, with the way to subscribe", async () => {
    await loadTexts(['overview', 'dashboard'], language)
    serve(language, 'guild_admin', { daysRemaining: 2 })
    await renderHome(language)
    const notice = await screen.findByTestId('trial-notice')
    expect(within(notice).getByText(words.twoDays)).toBeTruthy()
    expect(within(notice).getByRole('link', { name: words.subscribe }).getAttribute('href')).toBe(
      '/dashboard/subscription',
    )
  })

  it('counts the last day in the singular', async () => {
    await loadTexts(['overview', 'dashboard'], language)
    serve(language, 'guild_admin', { daysRemaining: 1 })
    await renderHome(language)
    expect(await screen.findByText(words.oneDay)).toBeTruthy()
  })

  it.each([
    ['trial ended', { ...ENDED }, 'trialEnded'],
    ['canceled', { ...ENDED, status: 'canceled' }, 'canceled'],
  ] as const)(
    'says clearly when Pro is over (%s), leading to the subscription screen',
    async (_, sub, key) => {
      await loadTexts(['overview', 'dashboard'], language)
      serve(language, 'guild_admin', sub)
      await renderHome(language)
      const notice = await screen.findByTestId('billing-ended-notice')
      expect(within(notice).getByRole('heading', { level: 2, name: words[key] })).toBeTruthy()
      expect(within(notice).getByRole('link', { name: words.open }).getAttribute('href')).toBe(
        '/dashboard/subscription',
      )
      expect(screen.queryByTestId('trial-notice')).toBeNull()
    },
  )

  it.each([
    ['a member on a trial', 'guild_member', {}],
    ['a member whose trial ended', 'guild_member', ENDED],
    ['an admin with Pro', 'guild_admin', { status: 'active', isTrialing: false, daysRemaining: 0 }],
    // The shell's alert says it on every screen (past-due-alert.tsx): not twice here.
    [
      'an admin past due',
      'guild_admin',
      { status: 'past_due', isTrialing: false, allowed: false, daysRemaining: 0 },
    ],
  ] as const)('shows no billing notice to %s', async (_, role, sub) => {
    await loadTexts(['overview', 'dashboard'], language)
    serve(language, role, sub)
    await renderHome(language)
    expect(screen.queryByTestId('trial-notice')).toBeNull()
    expect(screen.queryByTestId('billing-ended-notice')).toBeNull()
    expect(screen.queryByRole('link', { name: words.subscribe })).toBeNull()
  })
})
