import type { SandboxSession } from '@contract/billing'
import type { Language } from '@contract/enums'
import { formatMoney } from '@contract/plans'

// The session was priced in the currency of the language it was opened in (contract/plans.ts).
const LANGUAGE_OF_CURRENCY: Record<SandboxSession['currency'], Language> = { BRL: 'pt', USD: 'en' }

export function sessionAmount(session: Pick<SandboxSession, 'amount' | 'currency'>): string {
  return formatMoney(session.amount, LANGUAGE_OF_CURRENCY[session.currency])
}

const KNOWN_STATUSES = ['active', 'trialing', 'past_due', 'canceled', 'expired'] as const

/** The subscription status key the subscription namespace translates ('unknown' for anything else). */
export function statusKey(status: string): (typeof KNOWN_STATUSES)[number] | 'unknown' {
  return (KNOWN_STATUSES as readonly string[]).includes(status)
    ? (status as (typeof KNOWN_STATUSES)[number])
    : 'unknown'
}
