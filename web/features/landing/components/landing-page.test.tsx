import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { Suspense } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { i18n, initI18n, setLanguage } from '@web/lib/i18n'
import { LandingPage } from './landing-page'
import { PublicShell } from './public-shell'

beforeAll(async () => {
  document.head.innerHTML = '<meta name="description" content=""><meta property="og:description" content="">'
  await initI18n('pt')
  await i18n.loadNamespaces(['common', 'landing'])
})

afterEach(cleanup)

async function renderLanding() {
  // The landing's two addresses: Portuguese at /, English at /en (the address decides the language).
  const element = (
    <PublicShell>
      <LandingPage />
    </PublicShell>
  )
  const router = createMemoryRouter([
    { path: '/', element },
    { path: '/en', element },
  ])
  render(
    <Suspense fallback={null}>
      <RouterProvider router={router} />
    </Suspense>,
  )
  await screen.findByRole('heading', { level: 1 })
  return router
}

const text = () => document.body.textContent!.replace(/\s/g, ' ')
const hrefs = (name: RegExp) => screen.getAllByRole('link', { name }).map((a) => a.getAttribute('href'))

describe('landing page', () => {
  it('sends every sign-up call to action to the sign-up tab and sign-in to /auth', async () => {
    await setLanguage('pt')
    await renderLanding()
    expect(hrefs(/^Criar conta$/)).toEqual(['/auth?tab=signup'])
    expect(hrefs(/^Entrar$/)).toEqual(['/auth'])
    expect(hrefs(/Começar 3 dias grátis/)).toEqual(['/auth?tab=signup'])
    expect(hrefs(/Começar teste grátis/)).toEqual(['/auth?tab=signup', '/auth?tab=signup'])
    expect(hrefs(/Criar a minha guild/)).toEqual(['/auth?tab=signup'])
  })

  it('links the sections, the FAQ, the legal pages and support', async () => {
    await setLanguage('pt')
    await renderLanding()
    expect(hrefs(/^Recursos$/)).toEqual(['/#features', '/#features'])
    expect(hrefs(/^Preços$/)).toEqual(['/#pricing', '/#pricing'])
    expect(hrefs(/^Ver preços$/)).toEqual(['/#pricing'])
    expect(hrefs(/^FAQ$/)).toEqual(['/faq', '/faq'])
    expect(hrefs(/^Termos de uso$/)).toEqual(['/terms'])
    expect(hrefs(/^Privacidade$/)).toEqual(['/privacy'])
    expect(hrefs(/^LGPD$/)).toEqual(['/lgpd'])
    expect(hrefs(/support@lootqueue\.app/)).toEqual(['mailto:support@lootqueue.app'])
    expect(document.getElementById('features')).not.toBeNull()
    expect(document.getElementById('pricing')).not.toBeNull()
  })

  it('tells the truth of the product: 3-day trial, the one price table, no custom subdomain', async () => {
    await setLanguage('pt')
    await renderLanding()
    const pricing = within(document.getElementById('pricing')!)
    expect(pricing.getByTestId('price-monthly').textContent!.replace(/\s/g, ' ')).toBe('R$ 19,90')
    expect(pricing.getByTestId('price-yearly').textContent!.replace(/\s/g, ' ')).toBe('R$ 199,00')
    expect(text()).toContain('3 dias grátis')
    // The plan promises events again, as the Pro plan has them, and what the subscription page promises
    // besides (docs/product-rules.md, "Not built"): announcements, ranks, priority support.
    for (const promise of [
      'Eventos ilimitados',
      'Anúncios no Discord e por webhook',
      'Cargos da guild e cargo mínimo por item',
      'Suporte prioritário por e-mail',
    ])
      expect(pricing.getAllByText(promise)).toHaveLength(2)
    expect(text()).not.toMatch(/7 dias|subdom|membros ilimitados|{{/i)
  })

  it('sets the title and meta description, and switches language', async () => {
    await setLanguage('pt')
    const router = await renderLanding()
    expect(document.title).toBe('Filas de loot justas para a sua guild · LootQueue')
    expect(document.querySelector('meta[name="description"]')!.getAttribute('content')).toMatch(
      /Teste grátis por 3 dias/,
    )
    await act(() => router.navigate('/en'))
    await screen.findByRole('heading', { level: 1, name: /Fair loot for your guild/ })
    expect(document.title).toBe('Fair loot queues for your guild · LootQueue')
    expect(document.querySelector('meta[property="og:description"]')!.getAttribute('content')).toMatch(
      /Free for 3 days/,
    )
    expect(screen.getByTestId('price-monthly').textContent).toBe('$3.99')
    expect(screen.getAllByText('Unlimited events')).toHaveLength(2)
    expect(text()).not.toMatch(/7 days|subdomain|unlimited members|{{/i)
  })

  it('keeps no language for a page the visitor opened, only for the one they chose in the menu', async () => {
    const kept = () => ({
      cookie: document.cookie.match(/(?:^|; )lq_lang=(\w+)/)?.[1] ?? null,
      stored: localStorage.getItem('language'),
    })
    const forget = () => {
      document.cookie = 'lq_lang=; path=/; max-age=0'
      localStorage.removeItem('language')
    }
    await setLanguage('pt')
    forget()
    const router = await renderLanding()
    // Its address shows the page in English; the visitor chose nothing, so sign-in still follows their browser.
    await act(() => router.navigate('/en'))
    await screen.findByRole('heading', { level: 1, name: /Fair loot for your guild/ })
    await act(() => router.navigate('/'))
    await screen.findByRole('heading', { level: 1, name: /Loot distribuído com justiça/ })
    expect(kept()).toEqual({ cookie: null, stored: null })
    fireEvent.keyDown(screen.getByRole('button', { name: /^Idioma: PT/ }), { key: 'Enter' })
    fireEvent.click(await screen.findByRole('menuitemradio', { name: 'English' }))
    await screen.findByRole('heading', { level: 1, name: /Fair loot for your guild/ })
    expect(router.state.location.pathname).toBe('/en')
    expect(kept()).toEqual({ cookie: 'en', stored: 'en' })
    forget()
  })
})
