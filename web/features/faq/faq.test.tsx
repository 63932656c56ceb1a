import { act, fireEvent, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { beforeAll, describe, expect, it } from 'vitest'
import en from '@web/locales/en/faq.json'
import pt from '@web/locales/pt/faq.json'
import { setLanguage } from '@web/lib/i18n'
import { loadTexts, renderPage } from '@web/test/render'
import { FaqContent } from './components/faq-content'
import { FAQ_KEYS } from './faq-questions'

const EMAIL = 'support@lootqueue.app'

beforeAll(async () => {
  document.head.innerHTML = '<meta name="description" content="">'
  await loadTexts(['faq'])
})

async function renderFaq(path = '/faq') {
  // Suspense: switching the language mid-test loads the other language's texts.
  renderPage(
    <Suspense fallback={null}>
      <FaqContent supportEmail={EMAIL} />
    </Suspense>,
    path,
  )
  await screen.findByRole('heading', { level: 1 })
}

const questionButtons = () =>
  screen
    .getAllByRole('button')
    .filter((b) => b.hasAttribute('aria-expanded') && b.hasAttribute('data-accordion-trigger'))

describe('FAQ', () => {
  it('has its 20 questions, each with a question and an answer in both languages', () => {
    expect(FAQ_KEYS).toHaveLength(20)
    expect(new Set(FAQ_KEYS).size).toBe(20)
    for (const questions of [pt.questions, en.questions]) {
      expect(Object.keys(questions).sort()).toEqual([...FAQ_KEYS].sort())
    }
  })

  it('shows every question as a collapsed accordion that opens and closes', async () => {
    await setLanguage('pt')
    await renderFaq()
    const buttons = questionButtons()
    expect(buttons).toHaveLength(20)
    expect(buttons.every((b) => b.getAttribute('aria-expanded') === 'false')).toBe(true)
    const trial = screen.getByRole('button', { name: 'Como funciona o teste grátis?' })
    fireEvent.click(trial)
    expect(trial.getAttribute('aria-expanded')).toBe('true')
    expect(screen.getByText(/Toda guild nova tem 3 dias de teste grátis/)).toBeTruthy()
    fireEvent.click(trial)
    expect(trial.getAttribute('aria-expanded')).toBe('false')
  })

  it('keeps every answer in the page while closed, hidden, each panel named by its question', async () => {
    await setLanguage('pt')
    await renderFaq()
    const what = screen.getByRole('button', { name: pt.questions.what.q })
    const panel = document.getElementById(what.getAttribute('aria-controls')!)!
    expect(panel.textContent).toBe(pt.questions.what.a)
    expect(panel.hidden).toBe(true)
    fireEvent.click(what)
    expect(panel.hidden).toBe(false)
  })

  it('moves between the questions of a group with the arrows, Home and End, wrapping at the ends', async () => {
    await setLanguage('pt')
    await renderFaq()
    // The first group: what, trial, createGuild, uniqueName, oneGuild (faq-questions.ts).
    const button = (key: string) =>
      screen.getByRole('button', { name: pt.questions[key as keyof typeof pt.questions].q })
    const focused = () => document.activeElement?.getAttribute('aria-controls')
    button('what').focus()
    for (const [key, lands] of [
      ['ArrowDown', 'trial-panel'],
      ['End', 'oneGuild-panel'],
      ['ArrowDown', 'what-panel'],
      ['ArrowUp', 'oneGuild-panel'],
      ['Home', 'what-panel'],
    ]) {
      fireEvent.keyDown(document.activeElement!, { key })
      expect(focused(), key).toBe(lands)
    }
    // Other keys are the button's own: nothing moves.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' })
    expect(focused()).toBe('what-panel')
  })

  it('fills in prices, trial days and the support address, and opens a question linked by its anchor', async () => {
    await setLanguage('pt')
    await renderFaq('/faq#premium')
    const premium = screen.getByRole('button', { name: 'Quais são os recursos Pro?' })
    expect(premium.getAttribute('aria-expanded')).toBe('true')
    expect(document.body.textContent!.replace(/\s/g, ' ')).toContain('R$ 19,90 por mês ou R$ 199,00 por ano')
    const contact = screen.getByRole('link', { name: /Falar com o suporte/ })
    expect(contact.getAttribute('href')).toBe(
      `mailto:${EMAIL}?subject=${encodeURIComponent('Dúvida sobre o LootQueue')}`,
    )
  })

  it('answers what the product does: 3 days, 8-character passwords, one guild per account, data kept', () => {
    for (const faq of [pt, en]) {
      const all = JSON.stringify(faq)
      // "7 days" is the spec's marketing typo for the trial; invites and withdrawal do last 7 days.
      expect(all).not.toMatch(/7 dias (grátis|de teste)|7-day (free )?trial|7 free days|subdom/i)
      expect(faq.questions.trial.a).toContain('{{days}}')
      expect(faq.questions.createGuild.a).toMatch(/8/)
    }
    expect(pt.questions.oneGuild.a).toMatch(/uma única guild/)
    expect(pt.questions.hiddenPlayers.a).toMatch(/não são apagados/)
    expect(pt.questions.dataAfterCancel.a).toMatch(/Nada é apagado/)
  })

  // An outside tester: the FAQ said only "the first pending player without an active penalty is next", while a
  // guild's minimum ranks and "rank first" change who is next.
  it('explains ranks: the minimum rank and "rank first", and the queues answer points to it', async () => {
    await setLanguage('en')
    await renderFaq('/faq#ranks')
    const ranks = screen.getByRole('button', { name: 'How do ranks change who is next?' })
    expect(ranks.getAttribute('aria-expanded')).toBe('true')
    const panel = document.getElementById(ranks.getAttribute('aria-controls')!)!
    expect(panel.textContent).toMatch(/minimum rank.*never next.*“Rank first”.*even further down the queue/)
    expect(pt.questions.ranks.a).toMatch(
      /cargo mínimo.*nunca é o próximo.*“Cargo primeiro”.*mais abaixo na fila/,
    )
    expect(en.questions.queues.a).toContain('unless the guild uses ranks')
    expect(pt.questions.queues.a).toContain('a não ser que a guild use cargos')
  })

  it('sets the page title and description in the current language', async () => {
    await act(() => setLanguage('en'))
    await renderFaq()
    expect(document.title).toBe('Frequently asked questions · LootQueue')
    expect(document.querySelector('meta[name="description"]')!.getAttribute('content')).toContain(
      '3-day free trial',
    )
    expect(screen.getByRole('button', { name: 'How does the free trial work?' })).toBeTruthy()
  })
})
