import { NOTIFICATION_SWITCHES, type NotificationSwitch } from '../../../contract/notifications'
import type { Language } from '../../../contract/enums'
import type { Deps } from '../../deps'
import { unsubscribeTokenIsValid } from '../../platform/mail/unsubscribe-token'
import { findMyProfile, updateMyProfile } from '../me/me.queries'

// An e-mail's unsubscribe link (docs/decisions/020-notifications.md): its signature is the only proof, so it
// can turn one switch of one member off and nothing else. Answers who it is for, or null for a link that is
// not valid (wrong signature, unknown switch, an account that is gone).

const COLUMN = { email: 'notifyEmail', events: 'notifyEvents', loot: 'notifyLoot' } as const

export type UnsubscribeLink = { user?: string; switch?: string; token?: string }

async function member(deps: Deps, link: UnsubscribeLink) {
  const which = NOTIFICATION_SWITCHES.find((s) => s === link.switch)
  if (!which || !link.user || !link.token) return null
  const valid = unsubscribeTokenIsValid(deps.env.AUTH_SECRET, { userId: link.user, which, token: link.token })
  if (!valid) return null
  const profile = await findMyProfile(deps.database.db, link.user)
  return profile ? { userId: link.user, which, profile } : null
}

export type UnsubscribeTarget = { which: NotificationSwitch; name: string; language: Language }

/** What the confirmation page asks about (the link opened, nothing changed yet). */
export async function readUnsubscribe(deps: Deps, link: UnsubscribeLink): Promise<UnsubscribeTarget | null> {
  const found = await member(deps, link)
  if (!found) return null
  return { which: found.which, name: found.profile.displayName, language: found.profile.language as Language }
}

/** The switch goes off (again: a second click changes nothing). Messages still waiting are then dropped. */
export async function unsubscribe(deps: Deps, link: UnsubscribeLink): Promise<UnsubscribeTarget | null> {
  const found = await member(deps, link)
  if (!found) return null
  if (found.profile[COLUMN[found.which]])
    await updateMyProfile(deps.database.db, found.userId, { [COLUMN[found.which]]: false }, deps.now())
  return { which: found.which, name: found.profile.displayName, language: found.profile.language as Language }
}
