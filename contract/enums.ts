// Every enumerated value the database, the API and the web share. The database mirrors these in CHECK constraints.
export const RARITIES = ['common', 'uncommon', 'rare', 'epic', 'legendary'] as const
export type Rarity = (typeof RARITIES)[number]

export const ATTENDANCE_STATUSES = ['pending', 'received', 'absent', 'not_interested'] as const
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number]
/**
 * An entry's status as the public page may get it: with counters hidden (contract/public-visibility.ts) the
 * server sends received and absent both as `had_turn`, which says no more than the order does (both sit in
 * the queue's second group) and keeps "what each player received" on the server
 * (docs/decisions/019-public-visibility.md). Next in line treats them alike (contract/next-in-line.ts).
 */
export const PUBLIC_ATTENDANCE_STATUSES = [...ATTENDANCE_STATUSES, 'had_turn'] as const
export type PublicAttendanceStatus = (typeof PUBLIC_ATTENDANCE_STATUSES)[number]

export const PLAYER_STATUSES = ['active', 'inactive', 'expelled'] as const
export type PlayerStatus = (typeof PLAYER_STATUSES)[number]

export const ROLES = ['guild_admin', 'guild_member'] as const
export type Role = (typeof ROLES)[number]

export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled', 'expired'] as const
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number]

export const INVITATION_STATUSES = ['pending', 'accepted', 'cancelled'] as const
export type InvitationStatus = (typeof INVITATION_STATUSES)[number]

export const BILLING_INTERVALS = ['month', 'year'] as const
export type BillingInterval = (typeof BILLING_INTERVALS)[number]

export const LANGUAGES = ['pt', 'en'] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'pt'

/** The actions on one queue entry that hand out loot or mark the player (their audit record is the entry). */
export const ENTRY_STATUS_ACTIONS = [
  'ITEM_RECEIVED',
  'PLAYER_ABSENT',
  'PLAYER_NOT_INTERESTED',
  'PLAYER_INTERESTED',
  'PLAYER_PENALIZED',
  'PLAYER_PENALTY_REMOVED',
  // An award during a raid night passed this player over (not present): kept their place, or marked absent.
  'PLAYER_PASSED',
  'PLAYER_PASSED_ABSENT',
] as const

export const AUDIT_ACTIONS = [
  'ITEM_CREATE',
  'ITEM_UPDATE',
  'ITEM_DELETE',
  'ITEM_VISIBILITY_CHANGE',
  'QUEUE_ADD',
  'QUEUE_ADD_ALL',
  'QUEUE_REMOVE',
  'QUEUE_REORDER',
  'QUEUE_UNDO',
  ...ENTRY_STATUS_ACTIONS,
  'RULES_UPDATED',
  'PLAYER_CREATE',
  'PLAYER_UPDATE',
  'PLAYER_DELETE',
  'USER_UPDATED',
  'USER_ACTIVATED',
  'USER_DEACTIVATED',
  'USER_REMOVED',
  'USER_DELETE',
  'INVITE_SENT',
  'INVITE_CANCELLED',
  'INVITE_ACCEPTED',
  'GUILD_UPDATE',
  'SUBSCRIPTION_UPDATE',
  'SUBSCRIPTION_ACTIVATED',
  'SUBSCRIPTION_PAST_DUE',
  'SUBSCRIPTION_CANCELED',
  'SUBSCRIPTION_EXTRA_INVITE',
  'INTEGRATION_UPDATE',
  'INTEGRATION_DELETE',
  'INTEGRATION_DISABLED',
  'IMPORT_COMPLETED',
  'EVENT_CREATE',
  'EVENT_UPDATE',
  'EVENT_DELETE',
  'EVENT_COMPLETE',
  'EVENT_ARCHIVE',
  'EVENT_REOPEN',
  'EVENT_CANCEL',
  'ATTENDANCE_UPDATE',
  'RAID_NIGHT_SETTINGS_UPDATE',
  'CALENDAR_FEED_CREATE',
  'CALENDAR_FEED_RESET',
  'RANK_CREATE',
  'RANK_RENAME',
  'RANK_REORDER',
  'RANK_DELETE',
  'RANK_FIRST_UPDATE',
  'PUBLIC_VISIBILITY_UPDATE',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/** A player's attendance on one night. Late counts as present. */
export const NIGHT_ATTENDANCE = ['present', 'late', 'bench', 'excused', 'no_show'] as const
export type NightAttendance = (typeof NIGHT_ATTENDANCE)[number]

/** What an award during a night does to a no-show ahead of the winner: nothing, or the absent rule. */
export const NO_SHOW_RULES = ['keep', 'absent'] as const
export type NoShowRule = (typeof NO_SHOW_RULES)[number]

/** Where a guild's announcements go: Discord, or the generic signed webhook (docs/decisions/011-integrations.md). */
export const INTEGRATION_KINDS = ['discord', 'webhook'] as const
export type IntegrationKind = (typeof INTEGRATION_KINDS)[number]

/** The queue on the public page: the whole order, only its first `queueFirst` entries, or no order at all. */
export const PUBLIC_QUEUE_MODES = ['full', 'first', 'own'] as const
export type PublicQueueMode = (typeof PUBLIC_QUEUE_MODES)[number]
