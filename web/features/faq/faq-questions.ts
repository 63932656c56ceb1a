// The 20 questions (docs/product-rules.md, "Screens"), in groups so the page has headings to skim.
// Texts live in locales/*/faq.json.
export const FAQ_GROUPS = {
  gettingStarted: ['what', 'trial', 'createGuild', 'uniqueName', 'oneGuild'],
  queues: ['players', 'playerStatus', 'items', 'queues', 'ranks', 'received', 'notes', 'hiddenPlayers'],
  sharing: ['publicLink', 'history', 'premium', 'inviteAdmins'],
  billing: ['cancel', 'dataAfterCancel', 'support'],
} as const

export type FaqGroup = keyof typeof FAQ_GROUPS
export const FAQ_KEYS: string[] = Object.values(FAQ_GROUPS).flat()
