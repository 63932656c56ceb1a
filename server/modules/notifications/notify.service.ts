import type { Notification } from '../../../contract/notifications'
import type { Tx } from '../../db/client'
import { actorName } from '../integrations/announce.queries'
import type { AnnouncedNight, NightRecap } from '../integrations/announcement'
import { type Audience, guildForNotifications, insertMemberNotifications } from './notify.queries'

// Members' notification e-mails (docs/product-rules.md, "Notifications"; docs/decisions/020-notifications.md),
// written to the outbox INSIDE the transaction of the change they tell, so a rolled-back change sends none.
// Who gets which: membership changes go to every active member but the one who acted and the one concerned;
// billing (a payment problem, the trial's last day) to the admins, who alone can act on it; reminders and
// recaps to every active member. Each answers whether it wrote anything (the caller wakes the sender).

type MembershipWrite = {
  guildId: string
  which: 'email'
  audience: Audience
  exclude: string[]
  dedupeKey: string
  at: Date
  notification: (guild: { name: string }) => Notification
}

async function write(tx: Tx, input: MembershipWrite): Promise<boolean> {
  const guild = await guildForNotifications(tx, input.guildId)
  const written = await insertMemberNotifications(tx, {
    ...input,
    notification: input.notification({ name: guild.name }),
  })
  return written > 0
}

/** An invitation was accepted: the guild's other members hear who joined. */
export function notifyMemberJoined(
  tx: Tx,
  input: { guildId: string; userId: string; name: string; invitationId: string; at: Date },
) {
  return write(tx, {
    guildId: input.guildId,
    which: 'email',
    audience: 'members',
    exclude: [input.userId],
    dedupeKey: `member-joined:${input.invitationId}`,
    at: input.at,
    notification: (guild) => ({ type: 'member_joined', guild, member: input.name }),
  })
}

/** An admin removed a member: the other members hear it (the removed account is gone with its address). */
export async function notifyMemberRemoved(
  tx: Tx,
  input: { guildId: string; member: { userId: string; name: string }; by: { userId: string }; at: Date },
) {
  const by = (await actorName(tx, input.guildId, input.by.userId)) ?? ''
  return write(tx, {
    guildId: input.guildId,
    which: 'email',
    audience: 'members',
    exclude: [input.member.userId, input.by.userId],
    dedupeKey: `member-removed:${input.member.userId}`,
    at: input.at,
    notification: (guild) => ({ type: 'member_removed', guild, member: input.member.name, by }),
  })
}

/** The subscription became past due (a payment failed): the admins, once per billing event. */
export function notifyPaymentProblem(tx: Tx, input: { guildId: string; billingEventId: string; at: Date }) {
  return write(tx, {
    guildId: input.guildId,
    which: 'email',
    audience: 'admins',
    exclude: [],
    dedupeKey: `payment-problem:${input.billingEventId}`,
    at: input.at,
    notification: (guild) => ({ type: 'payment_problem', guild }),
  })
}

/** The trial has one day left (notification-loop.ts): the admins, once per guild. */
export function notifyTrialEnding(tx: Tx, input: { guildId: string; endsAt: string; at: Date }) {
  return write(tx, {
    guildId: input.guildId,
    which: 'email',
    audience: 'admins',
    exclude: [],
    dedupeKey: `trial-ending:${input.guildId}`,
    at: input.at,
    notification: (guild) => ({ type: 'trial_ending', guild, endsAt: input.endsAt }),
  })
}

type RecapRead = () => Promise<{ night: AnnouncedNight; recap: NightRecap }>

/** A night was completed: one recap e-mail per member with loot notifications on, once per night. */
export async function notifyNightRecap(
  tx: Tx,
  input: { guildId: string; nightId: string; at: Date; read: RecapRead },
): Promise<boolean> {
  const { night, recap } = await input.read()
  const guild = await guildForNotifications(tx, input.guildId)
  const written = await insertMemberNotifications(tx, {
    guildId: input.guildId,
    which: 'loot',
    audience: 'members',
    exclude: [],
    dedupeKey: `night-recap:${input.nightId}`,
    at: input.at,
    notification: {
      type: 'night_recap',
      guild: { name: guild.name },
      night: { id: night.id, name: night.name, startsAt: night.startsAt },
      awards: recap.awards.map((a) => ({
        item: a.item.name,
        rarity: a.item.rarity,
        player: a.player.name,
        note: a.note,
        at: a.at,
      })),
      attendance: recap.attendance,
    },
  })
  return written > 0
}
