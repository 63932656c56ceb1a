import type { Language } from '@contract/enums'
import { FREE_INVITE_SLOTS, LOCALE_OF, PRICES, TRIAL_DAYS } from '@contract/plans'

export const LEGAL_DOCS = ['terms', 'privacy', 'lgpd'] as const
export type LegalDocId = (typeof LEGAL_DOCS)[number]

export const LEGAL_PATH: Record<LegalDocId, string> = { terms: '/terms', privacy: '/privacy', lgpd: '/lgpd' }

/**
 * Whom the box at the end of a document sends questions to: the terms are about the service, so its support;
 * the privacy policy and the LGPD page are about personal data, so the data protection officer (the LGPD's
 * encarregado). An outside test found the terms sending their questions to the officer (2026-12-07).
 */
export const CONTACT_TEXT: Record<LegalDocId, 'contact.supportText' | 'contact.text'> = {
  terms: 'contact.supportText',
  privacy: 'contact.text',
  lgpd: 'contact.text',
}

/** One section of a legal text: paragraphs, then a bullet list or numbered steps, then closing paragraphs. */
export type LegalSection = {
  title: string
  body?: string[]
  list?: string[]
  steps?: string[]
  after?: string[]
}
export type LegalDoc = {
  title: string
  description: string
  intro: string[]
  sections: Record<string, LegalSection>
}

/**
 * Values the texts quote. Prices come from the plan table the server bills with; both currencies are written
 * in the reader's number format, since the terms describe both.
 */
export function legalValues(language: Language, email: string) {
  const money = (amount: number, currency: 'BRL' | 'USD') =>
    new Intl.NumberFormat(LOCALE_OF[language], { style: 'currency', currency }).format(amount)
  return {
    email,
    trialDays: TRIAL_DAYS,
    slots: FREE_INVITE_SLOTS,
    brlMonthly: money(PRICES.pt.monthly, 'BRL'),
    brlYearly: money(PRICES.pt.yearly, 'BRL'),
    brlInvite: money(PRICES.pt.extraInvite, 'BRL'),
    usdMonthly: money(PRICES.en.monthly, 'USD'),
    usdYearly: money(PRICES.en.yearly, 'USD'),
    usdInvite: money(PRICES.en.extraInvite, 'USD'),
  }
}
