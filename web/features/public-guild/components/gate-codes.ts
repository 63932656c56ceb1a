/** Answers that mean "back to the gate": it refetches and shows why (password, block, expiry). */
export const GATE_CODES = new Set([
  'PUBLIC_ACCESS_REQUIRED',
  'PUBLIC_SUBSCRIPTION_EXPIRED',
  'PUBLIC_TRIAL_EXPIRED',
  'GUILD_NOT_FOUND',
])
