import type { PublicBlockCode } from '@contract/public'

/**
 * Every reason a public page is closed (PUBLIC_BLOCK_CODES, contract/public.ts), written out: importing the
 * contract's list would bring zod into the public page's first load. The type says when one is missing.
 */
export const BLOCK_CODES = new Set<string>([
  'PUBLIC_SUBSCRIPTION_EXPIRED',
  'PUBLIC_PAYMENT_PENDING',
  'PUBLIC_TRIAL_EXPIRED',
] satisfies PublicBlockCode[])

/** Answers that mean "back to the gate": it refetches and shows why (password, block, expiry). */
export const GATE_CODES = new Set<string>(['PUBLIC_ACCESS_REQUIRED', ...BLOCK_CODES, 'GUILD_NOT_FOUND'])
