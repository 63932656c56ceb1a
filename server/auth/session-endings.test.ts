import { describe, expect, it } from 'vitest'
import type { StreamRevoked } from '../../contract/session-end'
import {
  anonymous,
  buildGuild,
  buildMember,
  DEFAULT_PASSWORD,
  requestAs,
  signSessionCookie,
} from '../test/factories'
import { expectError } from '../test/expect-error'
import { fileTestContext } from '../test/harness'
import { readSse, streamsClosedAfterEach } from '../modules/live-updates/sse.test-support'

// A browser whose session ended under it is told why (docs/product-rules.md, "Accounts"): its live stream's
// `revoked` carries the reason, and its next request's 401 has the reason's code (contract/session-end.ts).
// Outside testers saw "you were removed from the guild" after changing their own password in another browser.

const ctx = await fileTestContext()
const open = streamsClosedAfterEach()

/** A second browser of the user: a session of its own, its dashboard's stream open. */
async function secondBrowser(userId: string) {
  const cookie = await signSessionCookie(ctx, userId)
  const request = requestAs(ctx, cookie)
  const stream = readSse(await request('GET', '/api/v1/events'))
  open.push(stream)
  await stream.waitFor('ready')
  return { cookie, request, stream }
}

async function revokedWith(browser: Awaited<ReturnType<typeof secondBrowser>>): Promise<StreamRevoked> {
  const message = await browser.stream.waitFor('revoked', { timeoutMs: 3000 })
  return JSON.parse(message.data)
}

describe('a session ended under its browser says why', () => {
  it('a password changed in another browser: password-changed, not a removal', async () => {
    const member = await buildMember(ctx)
    const other = await secondBrowser(member.user.id)
    const res = await member.request('POST', '/api/v1/me/password', {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'brand-new-password',
      confirmPassword: 'brand-new-password',
    })
    expect(res.status).toBe(204)
    expect(await revokedWith(other)).toEqual({ reason: 'password-changed' })
    const body = await expectError(await other.request('GET', '/api/v1/me'), 401, 'SESSION_PASSWORD_CHANGED')
    expect(body.error.message).toBe('Sua senha foi alterada em outra sessão. Entre com a nova senha.')
    // The browser that changed it stays in.
    expect((await member.request('GET', '/api/v1/me')).status).toBe(200)
  })

  it('signed out in another tab of the same browser: signed-out', async () => {
    const member = await buildMember(ctx)
    const tab = await secondBrowser(member.user.id)
    expect((await tab.request('POST', '/api/v1/auth/sign-out', {})).status).toBe(200)
    expect(await revokedWith(tab)).toEqual({ reason: 'signed-out' })
    await expectError(await tab.request('GET', '/api/v1/players'), 401, 'SESSION_SIGNED_OUT')
  })

  it('the account deleted by its owner in another browser: account-deleted', async () => {
    const { guild } = await buildGuild(ctx)
    const member = await buildMember(ctx, { guildId: guild.id })
    const other = await secondBrowser(member.user.id)
    expect((await member.request('DELETE', '/api/v1/me', { currentPassword: DEFAULT_PASSWORD })).status).toBe(
      200,
    )
    expect(await revokedWith(other)).toEqual({ reason: 'account-deleted' })
    await expectError(await other.request('GET', '/api/v1/me'), 401, 'SESSION_ACCOUNT_DELETED')
  })

  it('the guild deleted by its last admin: account-deleted for the admin, guild-deleted for its members', async () => {
    const { guild, admin } = await buildGuild(ctx, { name: 'Closing Time' })
    const member = await buildMember(ctx, { guildId: guild.id })
    const adminElsewhere = await secondBrowser(admin.user.id)
    const memberBrowser = await secondBrowser(member.user.id)
    const res = await admin.request('DELETE', '/api/v1/me', {
      currentPassword: DEFAULT_PASSWORD,
      confirmGuildName: 'Closing Time',
    })
    expect(res.status).toBe(200)
    await expectError(await adminElsewhere.request('GET', '/api/v1/me'), 401, 'SESSION_ACCOUNT_DELETED')
    await expectError(await memberBrowser.request('GET', '/api/v1/me'), 401, 'SESSION_GUILD_DELETED')
  })

  it('removed from the guild by an admin: removed, the account being deleted', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const member = await buildMember(ctx, { guildId: guild.id })
    const browser = await secondBrowser(member.user.id)
    expect((await admin.request('DELETE', `/api/v1/members/${member.profileId}`)).status).toBe(204)
    expect(await revokedWith(browser)).toEqual({ reason: 'removed' })
    const body = await expectError(await member.request('GET', '/api/v1/me'), 401, 'SESSION_REMOVED')
    expect(body.error.message).toBe(
      'Você foi removido da guild por um administrador e sua conta foi excluída.',
    )
  })

  it('deactivated by an admin: deactivated', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const member = await buildMember(ctx, { guildId: guild.id })
    const browser = await secondBrowser(member.user.id)
    expect((await admin.request('POST', `/api/v1/members/${member.profileId}/deactivate`)).status).toBe(200)
    expect(await revokedWith(browser)).toEqual({ reason: 'deactivated' })
    await expectError(await browser.request('GET', '/api/v1/items'), 401, 'SESSION_DEACTIVATED')
  })
})

describe('a request without a session', () => {
  it('that sent no cookie at all is asked to sign in, not told a session expired', async () => {
    const body = await expectError(await anonymous(ctx)('GET', '/api/v1/me'), 401, 'UNAUTHENTICATED')
    expect(body.error.message).toBe('Entre para continuar.')
    const en = await anonymous(ctx)('GET', '/api/v1/me', undefined, { 'accept-language': 'en' })
    expect((await en.json()).error.message).toBe('Sign in to continue.')
  })

  it('that sent a cookie the server does not know (expired, swept, made up) is told it expired', async () => {
    const unknown = requestAs(ctx, 'lq.session_token=not-a-session.c2lnbmF0dXJl')
    const body = await expectError(await unknown('GET', '/api/v1/me'), 401, 'SESSION_EXPIRED')
    expect(body.error.message).toBe('Sessão expirada. Faça login novamente.')
    await expectError(
      await requestAs(ctx, 'lq.session_token=%E0%A4%A')('GET', '/api/v1/me'),
      401,
      'SESSION_EXPIRED',
    )
  })
})
