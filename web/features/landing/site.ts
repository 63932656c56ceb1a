// Where the public site sends people. The auth screen opens its sign-up tab for `?tab=signup`.
export const SUPPORT_EMAIL = 'support@lootqueue.app'
export const SIGN_IN_PATH = '/auth'
export const SIGN_UP_PATH = '/auth?tab=signup'
export const mailto = (subject?: string) =>
  `mailto:${SUPPORT_EMAIL}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`
