import { cleanup, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { beforeAll, describe, expect, it } from 'vitest'
import en from '@web/locales/en/legal.json'
import pt from '@web/locales/pt/legal.json'
import { setLanguage } from '@web/lib/i18n'
import { loadTexts, renderPage } from '@web/test/render'
import { LegalDocument } from './components/legal-document'
import { LEGAL_DOCS, type LegalDocId } from './legal-docs'

const EMAIL = 'support@lootqueue.app'

beforeAll(async () => {
  document.head.innerHTML = '<meta name="description" content="">'
  await loadTexts(['legal'])
})

async function renderDoc(doc: LegalDocId) {
  // Suspense: switching the language mid-test loads the other language's texts.
  renderPage(
    <Suspense fallback={null}>
      <LegalDocument doc={doc} supportEmail={EMAIL} />
    </Suspense>,
  )
  await screen.findByRole('heading', { level: 1 })
  return document.body.textContent!.replace(/\s/g, ' ')
}

// The shape of a value: keys and array lengths, not the words.
const shape = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(shape)
    : value && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]))
      : typeof value

describe('legal pages', () => {
  it('have the same sections, paragraphs and list items in Portuguese and English', () => {
    expect(shape(en)).toEqual(shape(pt))
  })

  it('carry a fixed last-updated date, not today', () => {
    expect(pt.updated).toBe('Última atualização: 22/11/2026')
    expect(en.updated).toBe('Last updated: November 22, 2026')
  })

  it('cover what the LGPD asks: controller, legal bases, retention, rights, 15 business days, self-service', () => {
    const lgpd = JSON.stringify(pt.docs.lgpd)
    for (const needle of [
      'Controlador',
      'art. 7º',
      'art. 18',
      '15 dias úteis',
      'JSON',
      'exclui a própria conta',
    ]) {
      expect(lgpd).toContain(needle)
    }
    expect(JSON.stringify(en.docs.lgpd)).toContain('15 business days')
    expect(JSON.stringify(pt.docs.privacy)).toMatch(/Por quanto tempo guardamos/)
  })

  it.each(LEGAL_DOCS)('renders %s with its title, description and every value filled in', async (doc) => {
    await setLanguage('pt')
    const text = await renderDoc(doc)
    expect(document.title).toBe(`${pt.docs[doc].title} · LootQueue`)
    expect(document.querySelector('meta[name="description"]')!.getAttribute('content')).toBe(
      pt.docs[doc].description,
    )
    expect(text).toContain('Última atualização: 22/11/2026')
    expect(text).not.toContain('{{')
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(3)
  })

  it('quotes the prices of the plan table in the terms, in both currencies', async () => {
    await setLanguage('pt')
    expect(await renderDoc('terms')).toContain('R$ 19,90 por mês ou R$ 199,00 por ano em reais, ou US$ 3,99')
    cleanup()
    await setLanguage('en')
    expect(await renderDoc('terms')).toContain(
      '$3.99 a month or $39.90 a year in US dollars, or R$19.90 a month',
    )
  })

  it('links each section from the table of contents', async () => {
    await setLanguage('pt')
    await renderDoc('lgpd')
    const toc = screen.getByRole('navigation', { name: 'Nesta página' })
    const targets = [...toc.querySelectorAll('a')].map((a) => a.getAttribute('href')!.split('#')[1]!)
    expect(targets).toHaveLength(Object.keys(pt.docs.lgpd.sections).length)
    for (const id of targets) expect(document.getElementById(id)).not.toBeNull()
  })

  // An outside test (2026-12-07): the terms ended with the privacy page's "contact our data protection officer".
  it.each([
    ['pt', 'Fale com o nosso suporte pelo e-mail', 'encarregado de dados'],
    ['en', 'Contact our support team at', 'data protection officer'],
  ] as const)(
    'sends questions about the terms to support, about personal data to the officer (%s)',
    async (language, support, officer) => {
      await setLanguage(language)
      const terms = await renderDoc('terms')
      expect(terms).toContain(`${support} ${EMAIL}.`)
      expect(terms).not.toContain(officer)
      for (const doc of ['privacy', 'lgpd'] as const) {
        cleanup()
        const text = await renderDoc(doc)
        expect(text).toContain(officer)
        expect(text).not.toContain(support)
      }
    },
  )
})
