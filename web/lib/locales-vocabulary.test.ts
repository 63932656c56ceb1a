import { describe, expect, it } from 'vitest'
import { namespaceFiles, readTexts } from './locales.test-support'

// One vocabulary (docs/vocabulary.md): the dashboard's queue and the public page name the same things
// with the same words, and Portuguese screens say "jogador", never "player".

const load = (lang: string, ns: string) => readTexts(lang, `${ns}.json`)
const strings = (obj: unknown): string[] =>
  typeof obj === 'string'
    ? [obj]
    : obj && typeof obj === 'object'
      ? Object.values(obj).flatMap((v) => strings(v))
      : []

describe.each(['pt', 'en'])('vocabulary (%s)', (lang) => {
  const items = load(lang, 'items')
  const publicPage = load(lang, 'public')

  it('queue statuses, the next-in-line badge and the counters read the same on both screens', () => {
    expect(Object.keys(items.attendance).length).toBeGreaterThan(0)
    // Plus "had a turn": received or absent on a public page whose guild hides counters (decision 019).
    const { had_turn: publicHadTurn, ...publicStatuses } = publicPage.attendance
    expect(publicStatuses).toEqual(items.attendance)
    expect(publicHadTurn).toBe(load(lang, 'standing').attendance.had_turn)
    expect(publicPage.queue.next).toBe(items.queue.nextInLine)
    expect(publicPage.queue.counts).toBe(items.queue.counts)
    expect(publicPage.queue.penalizedUntil).toBe(items.queue.penalizedUntil)
  })

  it("a player's page names statuses, next in line and counters as the queues do", () => {
    const standing = load(lang, 'standing')
    const { had_turn: _hadTurn, ...statuses } = standing.attendance
    expect(statuses).toEqual(items.attendance)
    expect(standing.queues.next).toBe(items.queue.nextInLine)
    expect(standing.queues.counts).toBe(items.queue.counts)
    expect(standing.queues.penalizedUntil).toBe(items.queue.penalizedUntil)
  })

  it('the subscription page names each subscription status as the guild page does', () => {
    const statuses = load(lang, 'guild').status as Record<string, string>
    const subscription = load(lang, 'subscription').status as Record<string, string>
    for (const status of ['active', 'trialing', 'past_due', 'canceled', 'expired'])
      expect(subscription[status], status).toBe(statuses[status])
  })

  it("the public page writes a night's hours as every other screen does (formatTimeSpan)", () => {
    expect(publicPage.tonight.times).toBe(load(lang, 'common').timeSpan)
  })

  it('a penalty is never said to send the player to the very end (not-interested players stay behind)', () => {
    const said = [items.penalty.description, items.toast.penalized, items.toast.received].join(' ')
    expect(said).not.toMatch(/fim da fila|end of the queue|para o fim$|to the end$/)
  })
})

describe.each(['pt', 'en'])('raid-night words (%s)', (lang) => {
  it("every question about a night is left by the same button (the events' dialogs: Voltar, Go back)", () => {
    const events = load(lang, 'events') as Record<string, Record<string, string>>
    // A dialog's texts: a title, a description and its confirm button.
    const dialogs = Object.entries(events).filter(
      ([, group]) =>
        typeof group === 'object' && 'title' in group && 'confirm' in group && 'description' in group,
    )
    expect(dialogs.length).toBeGreaterThan(5)
    expect(Object.fromEntries(dialogs.map(([key, group]) => [key, group.cancel]))).toEqual(
      Object.fromEntries(dialogs.map(([key]) => [key, lang === 'pt' ? 'Voltar' : 'Go back'])),
    )
  })

  it('the items of a night are named as the history and the overview name them: distributed', () => {
    const events = load(lang, 'events')
    const label = load(lang, 'history').stats.totalDistributed
    expect(load(lang, 'overview').counters.distributed).toBe(label)
    expect(events.night.totals.awards).toBe(label)
    expect(events.night.awards.title).toBe(label)
    expect(events.night.awards.caption.startsWith(label)).toBe(true)
    expect(load(lang, 'announcements').awards).toBe(label)
  })

  it("a night's marks read the same on the events screen and in the activity log", () => {
    const events = load(lang, 'events')
    const history = load(lang, 'history')
    const { none, ...marks } = events.marks
    expect(none).toBeTruthy()
    const facts = history.activity.facts.nightAttendance
    expect(Object.keys(marks).sort()).toEqual(Object.keys(facts).sort())
    for (const [mark, word] of Object.entries(marks)) {
      // The log may say a mark inside a sentence ("on the bench"); the word itself is the same.
      expect(facts[mark].toLowerCase(), mark).toContain(String(word).toLowerCase())
    }
  })
})

// Every namespace, whatever screen, e-mail or server message it feeds (docs/vocabulary.md); a placeholder such
// as {{player}} is a name in code, not a word on screen.
describe('Portuguese texts say "jogador"', () => {
  it.each(namespaceFiles('pt'))('%s', (file) => {
    const texts = strings(readTexts('pt', file)).map((text) => text.replace(/\{\{[^}]*\}\}/g, ''))
    expect(texts.length).toBeGreaterThan(0)
    expect(texts.filter((text) => /\bplayers?\b/i.test(text))).toEqual([])
  })

  // An outside test read "Itens entregues" on a night's page and "Itens distribuídos" in the history (2026-12-07).
  it.each(namespaceFiles('pt'))('%s says "itens distribuídos", never "itens entregues"', (file) => {
    const texts = strings(readTexts('pt', file))
    expect(texts.filter((text) => /\bite(m|ns) entregues?\b/i.test(text))).toEqual([])
  })

  // An outside test read "A guilda dá este item…" beside "A guild não mostra ao público…" on the public page
  // (2026-12-06): the product's Portuguese says "guild", as it does some 300 times.
  it.each(namespaceFiles('pt'))('%s says "guild", never "guilda"', (file) => {
    const texts = strings(readTexts('pt', file))
    expect(texts.filter((text) => /\bguildas?\b/i.test(text))).toEqual([])
  })

  it('holds the namespaces it once skipped (landing, Pro plan, FAQ, legal, settings)', () => {
    expect(namespaceFiles('pt')).toEqual(
      expect.arrayContaining([
        'landing.json',
        'subscription.json',
        'faq.json',
        'legal.json',
        'settings.json',
      ]),
    )
  })
})

// An outside test found Portuguese labels in English-style Title Case ("Visão Geral", "Gerenciar Assinatura",
// "Adicionar Jogador"), "email" where the product writes "e-mail", and field errors without their final period
// beside others with one (2026-12-06).
describe('Portuguese labels in sentence case, with "e-mail"', () => {
  /** Words a Portuguese label capitalises inside it: names, and the plans and the product's own. */
  const PROPER =
    /^(LootQueue|Discord|Pro|Premium|PRO|LGPD|JSON|CSV|API|Stripe|PIX|Pix|FAQ|Webhook|E-mail|URL|UTC|GMT|IANA|DPO|Alt|Código|Consumidor|Autoridade|Nacional|Proteção|Dados|Dragão|Ancestral|Lâmina|[A-Z]{2,}.*)$/
  /** A short label (a title, a button, a column): six words at most, no sentence inside it. */
  const isLabel = (text: string) => text.split(/\s+/).length <= 6 && !/[.:?!](\s|$)/.test(text)

  it.each(namespaceFiles('pt'))('%s', (file) => {
    const texts = strings(readTexts('pt', file)).map((text) => text.replace(/\{\{[^}]*\}\}/g, 'x'))
    const titleCase = texts.filter(
      (text) =>
        isLabel(text) &&
        text
          .split(/\s+/)
          .slice(1)
          .some((word) => /^\p{Lu}\p{Ll}/u.test(word) && !PROPER.test(word)),
    )
    expect(titleCase).toEqual([])
    expect(texts.filter((text) => /\bemails?\b/i.test(text))).toEqual([])
  })

  /** The field errors of a group: all its texts, or those whose key says so (a form's group holds its labels). */
  const FIELD_ERRORS = /Required$|^tooLong$|^invalid|^endBeforeStart$|^endEqualsStart$/
  it.each([
    ['auth.json', 'validation', /./],
    ['settings.json', 'password.validation', /./],
    ['events.json', 'form', FIELD_ERRORS],
  ])('%s: every field error of %s ends with a period, as its neighbours do', (file, group, errorKey) => {
    for (const lang of ['pt', 'en']) {
      const messages = group.split('.').reduce((obj, key) => obj[key], readTexts(lang, file)) as Record<
        string,
        string
      >
      const errors = Object.entries(messages).filter(([key]) => errorKey.test(key))
      expect(errors.length).toBeGreaterThan(2)
      expect(errors.filter(([, text]) => !text.endsWith('.'))).toEqual([])
    }
  })
})

// The same outside test's English found buttons and titles in Title Case ("Add Player", "Add All", "Next in Line")
// beside sentence case ("New event", "Open the event") (2026-12-07): English labels are sentence case too.
describe('English labels in sentence case', () => {
  /** Words an English label capitalises inside it: names, the plans and the product's own, and keys. */
  const PROPER =
    /^(LootQueue|Discord|Pro|Premium|PRO|JSON|CSV|API|Stripe|PIX|Pix|FAQ|Webhook|URL|UTC|GMT|IANA|LGPD|DPO|Google|Calendar|Outlook|English|Portuguese|Português|Home|End|Enter|Esc|Alt|I|Ancient|Dragon|[A-Z]{2,}.*)$/
  /** A short label (a title, a button, a column): six words at most, no sentence inside it. */
  const isLabel = (text: string) => text.split(/\s+/).length <= 6 && !/[.:?!](\s|$)/.test(text)

  it.each(namespaceFiles('en'))('%s', (file) => {
    const texts = strings(readTexts('en', file)).map((text) => text.replace(/\{\{[^}]*\}\}/g, 'x'))
    expect(texts.length).toBeGreaterThan(0)
    const titleCase = texts.filter(
      (text) =>
        isLabel(text) &&
        text
          .split(/\s+/)
          .slice(1)
          .some((word) => /^\p{Lu}\p{Ll}/u.test(word) && !PROPER.test(word)),
    )
    expect(titleCase).toEqual([])
  })
})
