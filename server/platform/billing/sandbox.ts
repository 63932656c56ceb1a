import { randomBytes } from 'node:crypto'
import type { Db } from '../../db/client'
import { type BillingProvider, WebhookSignatureError } from './billing-provider'
import { insertSandboxSession, type SandboxSessionKind } from './sandbox.queries'

// The embedded default when no STRIPE_SECRET_KEY is set: checkout and portal are local pages
// (/billing/sandbox/{id}) whose buttons produce the same normalized events Stripe's webhook does
// (server/modules/billing/sandbox.service.ts). Off in production unless BILLING_SANDBOX=true.

export const sandboxId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`

export function sandboxPageUrl(appUrl: string, sessionId: string) {
  return `${appUrl}/billing/sandbox/${sessionId}`
}

export function sandboxProvider(db: Db, appUrl: string): BillingProvider {
  const open = async (
    guildId: string,
    kind: SandboxSessionKind,
    input: { language: 'pt' | 'en'; interval?: 'month' | 'year' | null },
  ) => {
    const id = sandboxId('sbx_cs')
    await insertSandboxSession(db, {
      id,
      guildId,
      kind,
      interval: input.interval ?? null,
      language: input.language,
    })
    return sandboxPageUrl(appUrl, id)
  }
  return {
    kind: 'sandbox',
    available: true,
    subscriptionCheckout: (input) => open(input.guildId, 'subscription', input),
    extraInviteCheckout: (input) => open(input.guildId, 'extra_invite', input),
    portal: (input) => open(input.guildId, 'portal', input),
    // Nothing outside this database charges a sandbox subscription: ending it is the guild's own business.
    cancelSubscriptionNow: async () => {},
    // The sandbox has no webhook: its events come from its own pages. Nothing posted here can be trusted.
    parseWebhook: async () => {
      throw new WebhookSignatureError('no webhook secret: the sandbox billing provider has no webhook')
    },
  }
}

/** The sandbox in production without BILLING_SANDBOX=true: billing is refused (502), never faked. */
export function refusedSandboxProvider(): BillingProvider {
  const refuse = async (): Promise<string> => {
    throw new Error(
      'billing is not configured: set STRIPE_SECRET_KEY, or BILLING_SANDBOX=true to allow the sandbox in production',
    )
  }
  return {
    kind: 'sandbox',
    available: false,
    subscriptionCheckout: refuse,
    extraInviteCheckout: refuse,
    portal: refuse,
    // A sandbox subscription was never charged anywhere: there is nothing to stop.
    cancelSubscriptionNow: async () => {},
    parseWebhook: async () => {
      throw new WebhookSignatureError('no webhook secret configured')
    },
  }
}
