import type { Translate } from './activity-description'
import type { AuditAction } from './enums'

// Who a row of the activity log or the loot history names as its author (docs/vocabulary.md, "Authors").

/** The actions the system writes, with no member as author: billing events and an integration turned off. */
export const SYSTEM_AUDIT_ACTIONS = [
  'SUBSCRIPTION_UPDATE',
  'SUBSCRIPTION_ACTIVATED',
  'SUBSCRIPTION_PAST_DUE',
  'SUBSCRIPTION_CANCELED',
  'SUBSCRIPTION_EXTRA_INVITE',
  'INTEGRATION_DISABLED',
] as const satisfies readonly AuditAction[]
export type SystemAuditAction = (typeof SYSTEM_AUDIT_ACTIONS)[number]

/** A member of the guild, one who left it (removed, or deleted their account), or the system. */
export const AUTHOR_KINDS = ['member', 'former_member', 'system'] as const
export type AuthorKind = (typeof AUTHOR_KINDS)[number]

/**
 * What the database knows of an author: their user id (null for the system, and for a member who left
 * before former members were recorded, migration 0017) and whether it is a profile of the guild now.
 */
export function authorKind(row: {
  userId: string | null
  isMember: boolean
  actionType: string
}): AuthorKind {
  if (row.isMember) return 'member'
  const system = row.userId === null && (SYSTEM_AUDIT_ACTIONS as readonly string[]).includes(row.actionType)
  return system ? 'system' : 'former_member'
}

/**
 * The author in words: a member's name; a former member's name marked as such ("Ana (ex-membro)"), or
 * "Ex-membro" when the name was not kept; the system's word. Texts: the history namespace, `author.*`.
 */
export function describeAuthor(kind: AuthorKind, name: string | null, t: Translate): string {
  if (kind === 'system') return t('author.system')
  if (kind === 'former_member') return name ? t('author.formerMember', { name }) : t('author.formerUnnamed')
  return name ?? t('author.formerUnnamed')
}
