import type { SessionEndReason } from '../../contract/session-end'
import type { CurrentGuild, CurrentProfile, SessionUser } from '../app-context'
import type { Database } from '../db/client'
import type { Realtime } from '../platform/realtime'
import type { Auth } from './auth'
import { cookieValue } from '../lib/cookie-value'
import { andThen, type MaybePromise } from '../lib/maybe-promise'
import { findProfileWithGuild } from './context.queries'
import { findSessionEnd } from './session-endings.queries'

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

// The signed-in member behind a session cookie, cached per process so a request does not read the session,
// user, profile and guild rows every time. Revocation stays immediate everywhere: every change to those rows
// notifies through a database trigger (migration 0002), and a cached member is used only after
// realtime.caughtUp(), i.e. after every change committed before the request has reached this process
// (docs/decisions/009-cached-reads.md).

export type SessionContext = {
  user: SessionUser
  sessionId: string
  profile: CurrentProfile | null
  guild: CurrentGuild | null
}

type Entry = SessionContext & { userId: string; guildId: string | null; refreshAt: number; expiresAt: number }

const MAX_ENTRIES = 50_000
/** better-auth's session settings (server/auth/auth.ts): past `updateAge` a read extends the session. */
const EXPIRES_IN_MS = 60 * 60 * 24 * 30 * 1000
const UPDATE_AGE_MS = 60 * 60 * 24 * 1000

export type SessionCache = ReturnType<typeof createSessionCache>

export function createSessionCache(input: { auth: Auth; database: Database; realtime: Realtime }) {
  const { auth, database, realtime } = input
  const entries = new Map<string, Entry>()
  let version = 0
  // better-auth names its cookie once it has started; known from then on without a promise.
  let cookieName: string | undefined
  let cookieNameReady: Promise<string> | undefined

  const forget = (match: (entry: Entry) => boolean) => {
    version++
    for (const [key, entry] of entries) if (match(entry)) entries.delete(key)
  }
  realtime.watch({
    row: (change) => {
      if ('userId' in change) forget((e) => e.userId === change.userId)
      else forget((e) => e.guildId === change.guildId)
    },
    reset: () => forget(() => true),
  })

  /** The signed session cookie exactly as sent: only values better-auth accepted are ever cached. */
  function sessionCookie(headers: Headers): MaybePromise<string | null> {
    const sentAs = (name: string) => cookieValue(headers.get('cookie'), name) ?? null
    if (cookieName) return sentAs(cookieName)
    cookieNameReady ??= auth.$context.then((ctx) => {
      cookieName = ctx.authCookies.sessionToken.name
      return cookieName
    })
    return cookieNameReady.then(sentAs)
  }

  async function load(headers: Headers): Promise<Entry | null> {
    const found = await auth.api.getSession({ headers })
    if (!found) return null
    const row = await findProfileWithGuild(database.db, found.user.id)
    const expiresAt = new Date(found.session.expiresAt).getTime()
    return {
      user: found.user,
      sessionId: found.session.id,
      profile: (row?.profile as CurrentProfile | undefined) ?? null,
      guild: row?.guild ?? null,
      userId: found.user.id,
      guildId: row?.profile.guildId ?? null,
      expiresAt,
      refreshAt: expiresAt - EXPIRES_IN_MS + UPDATE_AGE_MS,
    }
  }

  /** Loads the member behind `key` through better-auth and keeps it, unless a change was heard meanwhile. */
  async function loadAndKeep(key: string, headers: Headers): Promise<SessionContext | null> {
    const started = version
    const entry = await load(headers)
    if (!entry) {
      entries.delete(key)
      return null
    }
    if (started === version) {
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!)
      entries.set(key, entry)
    }
    return entry
  }

  return {
    /**
     * Why a request has no session: null when it sent no session cookie (never signed in here), else why
     * the cookie's session ended, as written down when it was ended, or `expired` (contract/session-end.ts).
     * The cookie's signature is not checked: whoever holds a token learns at most why it stopped working.
     */
    async endOf(headers: Headers): Promise<SessionEndReason | null> {
      const sent = await sessionCookie(headers)
      if (!sent) return null
      // better-auth's cookie is `<token>.<signature>`, URL-encoded.
      const signed = safeDecode(sent)
      const dot = signed.lastIndexOf('.')
      const token = dot > 0 ? signed.slice(0, dot) : signed
      return (await findSessionEnd(database.db, token)) ?? 'expired'
    },
    /** The request's member, or null without a valid session. */
    resolve(headers: Headers, arrivedAt?: number): MaybePromise<SessionContext | null> {
      return andThen(sessionCookie(headers), (key) => {
        if (!key) return null
        if (!entries.has(key)) return loadAndKeep(key, headers)
        return andThen(realtime.caughtUp(arrivedAt), (ok) => {
          const entry = ok ? entries.get(key) : undefined
          const now = Date.now()
          // Expiry on better-auth's clock; a session due for its daily extension goes through better-auth.
          if (entry && now < entry.expiresAt && now < entry.refreshAt) return entry
          return loadAndKeep(key, headers)
        })
      })
    },
  }
}
