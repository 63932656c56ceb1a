import { createHmac, timingSafeEqual } from 'node:crypto'
import type { NotificationSwitch } from '../../../contract/notifications'

// The unsubscribe link of a notification e-mail turns one switch off without signing in
// (docs/decisions/020-notifications.md): it names the member and the switch, signed with AUTH_SECRET, so
// nobody can make one for another member. It never expires (an old e-mail's link still works) and changes
// nothing but that switch.

const sign = (secret: string, userId: string, which: NotificationSwitch) =>
  createHmac('sha256', secret).update(`unsubscribe\n${userId}\n${which}`).digest('base64url')

export function unsubscribeUrl(appUrl: string, secret: string, userId: string, which: NotificationSwitch) {
  const query = new URLSearchParams({ user: userId, switch: which, token: sign(secret, userId, which) })
  return `${appUrl}/api/v1/notifications/unsubscribe?${query}`
}

export function unsubscribeTokenIsValid(
  secret: string,
  input: { userId: string; which: NotificationSwitch; token: string },
): boolean {
  const expected = Buffer.from(sign(secret, input.userId, input.which))
  const given = Buffer.from(input.token)
  return given.length === expected.length && timingSafeEqual(given, expected)
}
