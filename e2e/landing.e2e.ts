import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { TRIAL_DAYS } from '@contract/plans'
import commonEn from '../web/locales/en/common.json'
import faqEn from '../web/locales/en/faq.json'
import landingEn from '../web/locales/en/landing.json'
import legalEn from '../web/locales/en/legal.json'
import commonPt from '../web/locales/pt/common.json'
import faqPt from '../web/locales/pt/faq.json'
import landingPt from '../web/locales/pt/landing.json'
import legalPt from '../web/locales/pt/legal.json'
import { setUpJourney } from './support/journey'

const TEXT = {
  pt: { common: commonPt, landing: landingPt, faq: faqPt, legal: legalPt },
  en: { common: commonEn, landing: landingEn, faq: faqEn, legal: legalEn },
}
type Language = keyof typeof TEXT
const days = (s: string) => s.replace('{{days}}', String(TRIAL_DAYS))

const journey = setUpJourney()

const SITE_PAGES = ['/', '/faq', '/terms', '/privacy', '/lgpd']
/** A page of the public site at its address in `language` ('/faq' → '/en/faq'); other paths as they are. */
const at = (path: string, language: Language = 'pt') =>
  language === 'en' && SITE_PAGES.includes(path) ? (path === '/' ? '/en' : `/en${path}`) : path

/**
 * A fresh page at `path`, in `language`'s address for a page of the public site; `language` is also the
 * saved choice a returning visitor has (none: first visit).
 */
async function open(path: string, language?: Language, width = 1280): Promise<Page> {
  const watched = await journey.open({ viewport: { width, height: 800 } })
  if (language) {
    await watched.context.addInitScript((l) => {
      if (!sessionStorage.getItem('seeded')) localStorage.setItem('language', l)
      sessionStorage.setItem('seeded', '1')
    }, language)
    // The cookie the app keeps beside it, which the server reads for the pages it renders (the 404 page).
    await watched.context.addCookies([{ name: 'lq_lang', value: language, url: journey.server.url }])
  }
  await watched.page.goto(at(path, language))
  await watched.page.locator('h1').first().waitFor()
  // The server's HTML shows before the app has hydrated it; clicks count once it has.
  await watched.page.locator('html[data-ready]').waitFor({ state: 'attached' })
  return watched.page
}

/** Until the app has hydrated the server's HTML, its buttons do nothing. */
const hydrated = (page: Page) => page.locator('html[data-ready]').waitFor({ state: 'attached' })

const path = (page: Page) => {
  const url = new URL(page.url())
  return url.pathname + url.search + url.hash
}

/** Top of the element relative to the viewport, once scrolling has settled. */
const topOf = (page: Page, selector: string) =>
  page.evaluate((s) => Math.round(document.querySelector(s)!.getBoundingClientRect().top), selector)

describe.each(['pt', 'en'] as const)('public site journeys (%s)', (language) => {
  const t = TEXT[language]

  it('every call to action and link goes where it should', async () => {
    const page = await open('/', language)
    const header = page.getByRole('banner')
    const footer = page.getByRole('contentinfo')
    const targets: [ReturnType<Page['getByRole']>, string, string][] = [
      [header.getByRole('link', { name: t.landing.nav.signIn, exact: true }), '/auth', ''],
      [header.getByRole('link', { name: t.landing.nav.signUp, exact: true }), '/auth?tab=signup', ''],
      [page.getByRole('link', { name: days(t.landing.hero.cta) }), '/auth?tab=signup', ''],
      [page.getByRole('link', { name: t.landing.pricing.cta }).first(), '/auth?tab=signup', ''],
      [page.getByRole('link', { name: t.landing.pricing.cta }).last(), '/auth?tab=signup', ''],
      [page.getByRole('link', { name: t.landing.finalCta.button }), '/auth?tab=signup', ''],
      [header.getByRole('link', { name: t.landing.nav.faq }), at('/faq', language), t.faq.title],
      [footer.getByRole('link', { name: t.landing.nav.faq }), at('/faq', language), t.faq.title],
      [
        footer.getByRole('link', { name: t.landing.footer.terms }),
        at('/terms', language),
        t.legal.docs.terms.title,
      ],
      [
        footer.getByRole('link', { name: t.landing.footer.privacy }),
        at('/privacy', language),
        t.legal.docs.privacy.title,
      ],
      [
        footer.getByRole('link', { name: t.landing.footer.lgpd }),
        at('/lgpd', language),
        t.legal.docs.lgpd.title,
      ],
    ]
    for (const [link, expected, heading] of targets) {
      await link.scrollIntoViewIfNeeded()
      await link.click()
      await expect.poll(() => path(page)).toBe(expected)
      if (heading) {
        await expect.poll(() => page.locator('h1').first().textContent()).toBe(heading)
        // A new page starts at its top, not where the previous one was scrolled to.
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
      }
      await page.goBack()
      await expect.poll(() => path(page)).toBe(at('/', language))
      await page.locator('#pricing').waitFor()
    }
    const support = footer.getByRole('link', { name: 'support@lootqueue.app' })
    expect(await support.getAttribute('href')).toBe('mailto:support@lootqueue.app')

    // The logo leads home from any page.
    await page.goto(at('/terms', language))
    await page
      .getByRole('banner')
      .getByRole('link', { name: /LootQueue/ })
      .click()
    await expect.poll(() => path(page)).toBe(at('/', language))
  })

  it('shows the prices of the plan table and the 3-day trial, with title and description', async () => {
    const page = await open('/', language)
    const monthly = language === 'pt' ? 'R$ 19,90' : '$3.99'
    const yearly = language === 'pt' ? 'R$ 199,00' : '$39.90'
    const norm = (s: string | null) => s?.replace(/\s/g, ' ')
    expect(norm(await page.getByTestId('price-monthly').textContent())).toBe(monthly)
    expect(norm(await page.getByTestId('price-yearly').textContent())).toBe(yearly)
    await expect.poll(() => page.title()).toBe(`${t.landing.meta.title} · LootQueue`)
    const description = await page.locator('meta[name="description"]').getAttribute('content')
    expect(description).toBe(days(t.landing.meta.description))
    // The preview image's words are in the page's language.
    const image = language === 'pt' ? '/og-image.png' : '/og-image-en.png'
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toBe(
      `${journey.server.url}${image}`,
    )
    const og = await page.request.get(image)
    expect(og.headers()['content-type']).toBe('image/png')
    expect((await page.request.get('/favicon.svg')).ok()).toBe(true)
  })

  it.each(['terms', 'privacy', 'lgpd'] as const)(
    'the %s page has its date, contents and meta',
    async (doc) => {
      const page = await open(`/${doc}`, language)
      const content = t.legal.docs[doc]
      expect(await page.locator('h1').textContent()).toBe(content.title)
      await page.getByText(t.legal.updated, { exact: true }).waitFor()
      await expect.poll(() => page.title()).toBe(`${content.title} · LootQueue`)
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(content.description)
      const sections = Object.values(content.sections)
      const last = sections[sections.length - 1]!.title
      await page
        .getByRole('navigation', { name: t.legal.onThisPage })
        .getByRole('link', { name: last, exact: true })
        .click()
      await expect.poll(() => topOf(page, `section:last-of-type h2`)).toBeLessThan(400)
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
    },
  )

  it('an unknown path shows the 404 page with a link home', async () => {
    const page = await open('/this/page/does-not-exist', language)
    // The page's own 404 status, which Chromium logs, is not counted as an error (e2e/support/browser.ts).
    const status = await page.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseStatus,
    )
    expect(status).toBe(404)
    await page.getByText(t.common.notFound.message).waitFor()
    await page.getByRole('link', { name: t.common.notFound.home }).click()
    await expect.poll(() => path(page)).toBe(at('/', language))
    await page.getByRole('heading', { level: 1, name: t.landing.hero.title }).waitFor()
  })

  it('fits a 360 px wide screen on every public page, sign-in and sign-up in reach', async () => {
    // One phone-sized page visits them all (the journey's afterEach fails on any console error).
    const page = await open('/', language, 360)
    for (const route of ['/', '/faq', '/terms', '/privacy', '/lgpd']) {
      if (route !== '/') {
        await page.goto(at(route, language))
        await page.locator('h1').first().waitFor()
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, route).toBeLessThanOrEqual(0)
      const header = page.getByRole('banner')
      expect(await header.getByRole('link', { name: t.landing.nav.signIn, exact: true }).isVisible()).toBe(
        true,
      )
      expect(await header.getByRole('link', { name: t.landing.nav.signUp, exact: true }).isVisible()).toBe(
        true,
      )
    }
  })
})

// Keyboard, focus and scrolling behave alike in both languages: checked once, in the default one.
describe('keyboard and scrolling (pt)', () => {
  const language = 'pt' as const
  const t = TEXT[language]

  it('the section links scroll to #features and #pricing and move focus there', async () => {
    const page = await open('/', language)
    const header = page.getByRole('banner')
    for (const [name, id] of [
      [t.landing.nav.features, 'features'],
      [t.landing.nav.pricing, 'pricing'],
    ] as const) {
      await header.getByRole('link', { name, exact: true }).click()
      await expect.poll(() => path(page)).toBe(`/#${id}`)
      // Just below the 64 px sticky header.
      await expect.poll(() => topOf(page, `#${id}`)).toBeLessThanOrEqual(80)
      expect(await topOf(page, `#${id}`)).toBeGreaterThanOrEqual(0)
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300)
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(id)
    }
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.getByRole('link', { name: t.landing.hero.secondary }).click()
    await expect.poll(() => topOf(page, '#pricing')).toBeLessThanOrEqual(80)

    // From another page the same links land on the section of the landing page.
    await page.goto('/faq')
    await hydrated(page)
    await page.getByRole('banner').getByRole('link', { name: t.landing.nav.pricing, exact: true }).click()
    await expect.poll(() => path(page)).toBe('/#pricing')
    await expect.poll(() => topOf(page, '#pricing')).toBeLessThanOrEqual(80)
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300)
  })

  it('the FAQ opens and closes with the keyboard and offers a contact button', async () => {
    const page = await open('/faq', language)
    const first = page.getByRole('button', { name: t.faq.questions.what.q })
    const second = page.getByRole('button', { name: t.faq.questions.trial.q })
    expect(await page.getByRole('button', { expanded: false }).count()).toBeGreaterThanOrEqual(19)
    await first.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => first.getAttribute('aria-expanded')).toBe('true')
    await page.getByText(t.faq.questions.what.a).waitFor()
    await page.keyboard.press('Enter')
    await expect.poll(() => first.getAttribute('aria-expanded')).toBe('false')
    // Arrows move between questions; Space opens the focused one.
    await page.keyboard.press('ArrowDown')
    expect(await second.evaluate((el) => el === document.activeElement)).toBe(true)
    await page.keyboard.press('Space')
    await expect.poll(() => second.getAttribute('aria-expanded')).toBe('true')
    await page.getByText(days(t.faq.questions.trial.a)).waitFor()
    await page.keyboard.press('Space')
    await expect.poll(() => second.getAttribute('aria-expanded')).toBe('false')

    const contact = page.getByRole('link', { name: t.faq.contact.button })
    expect(await contact.getAttribute('href')).toBe(
      `mailto:support@lootqueue.app?subject=${encodeURIComponent(t.faq.contact.subject)}`,
    )
    await expect.poll(() => page.title()).toBe(`${t.faq.title} · LootQueue`)
  })

  it('a skip link takes keyboard users past the header', async () => {
    const page = await open('/faq', language)
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: t.landing.skipToContent })
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await skip.isVisible()).toBe(true)
    await page.keyboard.press('Enter')
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main-content')
    await page.keyboard.press('Tab')
    // The next stop is inside the page's content, not back in the header.
    expect(await page.evaluate(() => document.activeElement?.closest('header[class*="sticky"]'))).toBeNull()
  })
})

describe('a first visit', () => {
  /** The language this browser keeps as its visitor's choice: the cookie the server reads, and localStorage's. */
  const kept = async (page: Page) => ({
    cookie: (await page.context().cookies()).find((c) => c.name === 'lq_lang')?.value ?? null,
    stored: await page.evaluate(() => localStorage.getItem('language')),
  })

  it('from a browser that prefers English reaches English, and sign-in follows, with nothing kept', async () => {
    const { page } = await journey.open({ locale: 'en-US' })
    await page.goto('/')
    await page.getByRole('heading', { level: 1, name: landingEn.hero.title }).waitFor()
    expect(path(page)).toBe('/en')
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US')
    await hydrated(page)
    // The FAQ and the legal pages' Portuguese addresses send it to their English ones too.
    for (const [address, title] of [
      ['/faq', faqEn.title],
      ['/terms', legalEn.docs.terms.title],
      ['/privacy', legalEn.docs.privacy.title],
    ]) {
      await page.goto(address!)
      await page.getByRole('heading', { level: 1, name: title }).waitFor()
      expect(path(page)).toBe(`/en${address}`)
    }
    await page.goto('/')
    await hydrated(page)
    await page.getByRole('banner').getByRole('link', { name: landingEn.nav.signIn }).click()
    await expect.poll(() => path(page)).toBe('/auth')
    await page.reload()
    await page.locator('html[data-ready]').waitFor({ state: 'attached' })
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US')
    expect(await kept(page)).toEqual({ cookie: null, stored: null })
  })

  it('from a Portuguese browser stays Portuguese, keeping nothing it did not choose', async () => {
    const { page } = await journey.open({ locale: 'pt-BR' })
    await page.goto('/')
    await page.getByRole('heading', { level: 1, name: landingPt.hero.title }).waitFor()
    expect(path(page)).toBe('/')
    await hydrated(page)
    expect(await kept(page)).toEqual({ cookie: null, stored: null })
  })

  it('Portuguese chosen in the menu by an English browser sticks, at / and on sign-in', async () => {
    const { page } = await journey.open({ locale: 'en-US' })
    await page.goto('/')
    await hydrated(page)
    await page.getByRole('button', { name: commonEn.language }).click()
    await page.getByRole('menuitemradio', { name: 'Português' }).click()
    await page.getByRole('heading', { level: 1, name: landingPt.hero.title }).waitFor()
    await expect.poll(() => path(page)).toBe('/')
    expect(await kept(page)).toEqual({ cookie: 'pt', stored: 'pt' })
    await page.reload()
    await hydrated(page)
    await page.getByRole('heading', { level: 1, name: landingPt.hero.title }).waitFor()
    expect(path(page)).toBe('/')
    await page.goto('/auth')
    await page.locator('html[data-ready]').waitFor({ state: 'attached' })
    expect(await page.locator('html').getAttribute('lang')).toBe('pt-BR')
  })
})

describe('language and theme', () => {
  it('the language menu goes to the page in the other language: its address, text, title and <html lang>', async () => {
    const page = await open('/faq')
    await page.getByRole('heading', { level: 1, name: faqPt.title }).waitFor()
    expect(await page.locator('html').getAttribute('lang')).toBe('pt-BR')
    await page.getByRole('button', { name: commonPt.language }).click()
    await page.getByRole('menuitemradio', { name: 'English' }).click()
    await page.getByRole('heading', { level: 1, name: faqEn.title }).waitFor()
    await expect.poll(() => path(page)).toBe('/en/faq')
    await page.goto('/en')
    await hydrated(page)
    await page.getByRole('heading', { level: 1, name: landingEn.hero.title }).waitFor()
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US')
    await expect.poll(() => page.title()).toBe(`${landingEn.meta.title} · LootQueue`)
    expect(await page.getByTestId('price-monthly').textContent()).toBe('$3.99')
    await page.reload()
    await hydrated(page)
    await page.getByRole('heading', { level: 1, name: landingEn.hero.title }).waitFor()
    // The address is the language's, and the choice is kept for the pages without one (sign-in).
    await page.goto('/auth')
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US')
    await page.goto('/en')
    await hydrated(page)
    await page.getByRole('button', { name: commonEn.language }).click()
    await page.getByRole('menuitemradio', { name: 'Português' }).click()
    await page.getByRole('heading', { level: 1, name: landingPt.hero.title }).waitFor()
    await expect.poll(() => path(page)).toBe('/')
    // Back goes to the English page, in English.
    await page.goBack()
    await page.getByRole('heading', { level: 1, name: landingEn.hero.title }).waitFor()
  })

  it('the theme toggle switches light and dark and keeps the choice', async () => {
    const page = await open('/')
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'))
    const before = await isDark()
    await page.getByRole('button', { name: commonPt.theme.toggle }).click()
    expect(await isDark()).toBe(!before)
    await page.reload()
    await hydrated(page)
    await page.locator('h1').waitFor()
    expect(await isDark()).toBe(!before)
  })

  it('the landing page loads without layout shift', async () => {
    const page = await open('/')
    await page.waitForTimeout(500)
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
              total += entry.value
          }).observe({ type: 'layout-shift', buffered: true })
          setTimeout(() => resolve(total), 300)
        }),
    )
    expect(shift).toBeLessThan(0.01)
  })
})
