import type { Rarity } from './enums'
import type { AttendanceCounts } from './raid-nights'

// A member's e-mail notifications (docs/product-rules.md, "Notifications"). Each of the three switches of
// the settings page (contract/accounts.ts NotificationsSchema) turns one kind of e-mail on or off.

export const NOTIFICATION_SWITCHES = ['email', 'events', 'loot'] as const
export type NotificationSwitch = (typeof NOTIFICATION_SWITCHES)[number]

/** The outbox `event` of an e-mail: the switch that allows it (checked again when it is sent). */
export const NOTIFY_EVENTS = ['notify_email', 'notify_events', 'notify_loot'] as const
export type NotifyEvent = (typeof NOTIFY_EVENTS)[number]
export const notifyEventOf = (s: NotificationSwitch): NotifyEvent => `notify_${s}`
export const switchOf = (event: NotifyEvent): NotificationSwitch =>
  event.slice('notify_'.length) as NotificationSwitch

type GuildRef = { name: string }
export type NotifiedAward = {
  item: string
  rarity: Rarity | null
  player: string
  note: string | null
  at: string
}

/**
 * What an e-mail says, language-neutral (stored in the outbox, rendered in the recipient's language when it
 * is sent: server/platform/mail/notification-mail.ts).
 */
export type Notification =
  | { type: 'member_joined'; guild: GuildRef; member: string }
  | { type: 'member_removed'; guild: GuildRef; member: string; by: string }
  | { type: 'payment_problem'; guild: GuildRef }
  | { type: 'trial_ending'; guild: GuildRef; endsAt: string }
  | {
      type: 'event_reminder'
      guild: GuildRef & { timeZone: string }
      night: { id: string; name: string; description: string | null; startsAt: string }
    }
  | {
      type: 'night_recap'
      guild: GuildRef
      night: { id: string; name: string; startsAt: string }
      awards: NotifiedAward[]
      attendance: AttendanceCounts
    }
  | { type: 'loot_digest'; guild: GuildRef; day: string; awards: NotifiedAward[] }
