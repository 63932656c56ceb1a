import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { guilds, userInvitations } from '../../db/schema'
import type { Mail } from '../../platform/mail/mailer'
import { buildGuild, buildInvitation, buildMember } from '../../test/factories'
import { expectError } from '../../test/expect-error'
import { fileTestContext } from '../../test/harness'
import { hashInviteToken } from './invitation-token'
import { auditRows } from '../../test/audit-rows'
import {
  guildSnapshot,
  invitationLinkTo,
  invite,
  lookUp,
  signUpInvited,
  startTogether,
} from './members.test-support'

const sent: Mail[] = []
const ctx = await fileTestContext({
  mailer: {
    kind: 'outbox',
    send: async (m) => {
      if (m.to.startsWith('bounce')) throw new Error('SMTP refused the message')
      sent.push(m)
    },
  },
})
afterEach(() => ctx.setNow(null as unknown as Date))

const slotsOf = async (admin: Awaited<ReturnType<typeof buildGuild>>['admin']) =>
  (await (await admin.request('GET', '/api/v1/members')).json()).slots

describe('POST /invitations', () => {
  it("stores the invitation with a hashed token and e-mails a working link in the inviter's language", async () => {
    const { guild, admin } = await buildGuild(ctx, { name: 'Knights Of Dawn' })
    const res = await invite(admin, '  Nova@Example.com ', 'Nova', { 'accept-language': 'en' })
    expect(res.status).toBe(201)
    const body = await res.json()
    expect(body).toMatchObject({
      email: 'nova@example.com',
      displayName: 'Nova',
      status: 'pending',
      isExpired: false,
      emailSent: true,
    })
    expect(new Date(body.expiresAt).getTime() - new Date(body.createdAt).getTime()).toBe(7 * 86_400_000)

    const { mail, url, token } = invitationLinkTo(sent, 'nova@example.com')
    // The page opens in the e-mail's language, also in a browser that never chose one (contract/language-link.ts).
    expect(url).toBe(`http://localhost:3000/auth?invite=${token}&lang=en`)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/) // 32 random bytes, base64url
    expect(mail.subject).toBe('You were invited to the guild Knights Of Dawn on LootQueue')
    expect(mail.text).toContain(`${admin.user.name} invited you to the guild Knights Of Dawn`)
    expect(mail.html).toContain(`href="${url.replace(/&/g, '&amp;')}"`)

    // Only the hash is stored: the raw token appears nowhere in the table.
    const rows = await ctx.database.db
      .select()
      .from(userInvitations)
      .where(eq(userInvitations.guildId, guild.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.inviteToken).toBe(hashInviteToken(token))
    expect(JSON.stringify(rows)).not.toContain(token)
    expect(rows[0]).toMatchObject({ language: 'en', invitedBy: admin.user.id })

    const lookup = await lookUp(ctx, token)
    expect(lookup.status).toBe(200)
    expect(await lookup.json()).toEqual({
      email: 'nova@example.com',
      displayName: 'Nova',
      guildName: 'Knights Of Dawn',
    })
    expect(await auditRows(ctx, guild.id, 'INVITE_SENT')).toEqual([
      {
        userId: admin.user.id,
        tableName: 'user_invitations',
        recordId: body.id,
        description: 'Nova <nova@example.com>',
      },
    ])
  })

  it('writes the e-mail in Portuguese for a Portuguese request', async () => {
    const { admin } = await buildGuild(ctx, { name: 'Guilda Do Sol' })
    expect((await invite(admin, 'bia@example.com', 'Bia', { 'accept-language': 'pt-BR' })).status).toBe(201)
    const { mail, url, token } = invitationLinkTo(sent, 'bia@example.com')
    expect(mail.subject).toBe('Você foi convidado para a guild Guilda Do Sol no LootQueue')
    // Portuguese, the default language, needs no mark on the link.
    expect(url).toBe(`http://localhost:3000/auth?invite=${token}`)
    expect(mail.text).toContain('Olá, Bia!')
  })

  it('keeps the invitation when the e-mail cannot be sent, and says so', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const res = await invite(admin, 'bounce@example.com')
    expect(res.status).toBe(201)
    expect((await res.json()).emailSent).toBe(false)
    const [row] = await ctx.database.db
      .select()
      .from(userInvitations)
      .where(eq(userInvitations.guildId, guild.id))
    expect(row?.status).toBe('pending')
  })

  it('counts pending and accepted invitations against 3 + extra_invites; cancelling frees a slot', async () => {
    const { guild, admin } = await buildGuild(ctx)
    for (const who of ['a', 'b', 'c'])
      expect((await invite(admin, `${who}-${guild.id}@example.com`)).status).toBe(201)
    expect(await slotsOf(admin)).toEqual({ limit: 3, used: 3, extraInvites: 0 })

    const full = await expectError(
      await invite(admin, `d-${guild.id}@example.com`),
      409,
      'INVITE_LIMIT_REACHED',
    )
    expect(full.error.message).toBe(
      'Limite atingido: sua guild pode ter até 3 convites. Faça o pagamento para enviar mais convites.',
    )

    // An accepted invitation keeps its slot.
    const { token } = invitationLinkTo(sent, `a-${guild.id}@example.com`)
    expect((await signUpInvited(ctx, token)).status).toBe(201)
    expect(await slotsOf(admin)).toEqual({ limit: 3, used: 3, extraInvites: 0 })

    const page = await (await admin.request('GET', '/api/v1/members')).json()
    const b = page.invitations.find((i: { email: string }) => i.email.startsWith('b-'))
    expect((await admin.request('DELETE', `/api/v1/invitations/${b.id}`)).status).toBe(204)
    expect(await slotsOf(admin)).toEqual({ limit: 3, used: 2, extraInvites: 0 })
    expect((await invite(admin, `d-${guild.id}@example.com`)).status).toBe(201)

    await ctx.database.db.update(guilds).set({ extraInvites: 1 }).where(eq(guilds.id, guild.id))
    expect(await slotsOf(admin)).toEqual({ limit: 4, used: 3, extraInvites: 1 })
    expect((await invite(admin, `e-${guild.id}@example.com`)).status).toBe(201)
    const again = await expectError(
      await invite(admin, `f-${guild.id}@example.com`, 'F', { 'accept-language': 'en' }),
      409,
      'INVITE_LIMIT_REACHED',
    )
    expect(again.error.message).toContain('up to 4 invitations')

    // The page lists pending and accepted ones, newest first; the cancelled one is gone.
    const listed = (await (await admin.request('GET', '/api/v1/members')).json()).invitations
    expect(
      listed.map((i: { email: string; status: string }) => `${i.email.split('-')[0]}:${i.status}`),
    ).toEqual(['e:pending', 'd:pending', 'c:pending', 'a:accepted'])
  })

  it('lets exactly one of two simultaneous invitations take the last slot', async () => {
    const { guild, admin } = await buildGuild(ctx)
    await buildInvitation(ctx, guild.id)
    await buildInvitation(ctx, guild.id)
    startTogether(ctx, 2)
    const results = await Promise.all([
      invite(admin, 'race-1@example.com'),
      invite(admin, 'race-2@example.com'),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([201, 409])
    expect(await slotsOf(admin)).toEqual({ limit: 3, used: 3, extraInvites: 0 })
  })

  it('replaces the pending invitation of the same address, even at the limit, and the old link says so', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const email = `again-${guild.id}@example.com`
    expect((await invite(admin, email, 'First')).status).toBe(201)
    const old = invitationLinkTo(sent, email)
    await buildInvitation(ctx, guild.id)
    await buildInvitation(ctx, guild.id)

    const res = await invite(admin, email.toUpperCase(), 'Second')
    expect(res.status).toBe(201)
    const fresh = invitationLinkTo(sent, email)
    expect(fresh.token).not.toBe(old.token)
    expect(await slotsOf(admin)).toEqual({ limit: 3, used: 3, extraInvites: 0 })

    await expectError(await lookUp(ctx, old.token), 409, 'INVITE_REPLACED')
    await expectError(await signUpInvited(ctx, old.token), 409, 'INVITE_REPLACED')
    expect(await (await lookUp(ctx, fresh.token)).json()).toMatchObject({ email, displayName: 'Second' })
    const rows = await ctx.database.db.select().from(userInvitations).where(eq(userInvitations.email, email))
    expect(rows.map((r) => r.status).sort()).toEqual(['cancelled', 'pending'])
    expect((await auditRows(ctx, guild.id, 'INVITE_CANCELLED')).map((a) => a.description)).toEqual([
      `First <${email}>`,
    ])
  })

  it('refuses an address that already has an account, whatever its case (one guild per account)', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const elsewhere = await buildMember(ctx)
    const before = await guildSnapshot(ctx, guild.id)
    const body = await expectError(
      await invite(admin, elsewhere.user.email.toUpperCase()),
      409,
      'INVITE_EMAIL_HAS_ACCOUNT',
    )
    expect(body.error.fields).toEqual({ email: 'INVITE_EMAIL_HAS_ACCOUNT' })
    await expectError(await invite(admin, admin.user.email), 409, 'INVITE_EMAIL_HAS_ACCOUNT')
    expect(await guildSnapshot(ctx, guild.id)).toEqual(before)
  })

  it('refuses bad input with VALIDATION_FAILED and changes nothing', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const before = await guildSnapshot(ctx, guild.id)
    const malformed = await expectError(await invite(admin, 'not-an-email'), 400, 'VALIDATION_FAILED')
    expect(malformed.error.fields).toEqual({ email: 'invalidEmail' })
    const huge = await expectError(
      await invite(admin, 'huge@example.com', 'x'.repeat(10_240)),
      400,
      'VALIDATION_FAILED',
    )
    expect(Object.keys(huge.error.fields)).toEqual(['displayName'])
    await expectError(await invite(admin, 'blank@example.com', '   '), 400, 'VALIDATION_FAILED')
    await expectError(
      await admin.request('POST', '/api/v1/invitations', { email: 'x@example.com' }),
      400,
      'VALIDATION_FAILED',
    )
    expect(await guildSnapshot(ctx, guild.id)).toEqual(before)
    expect(sent.filter((m) => m.to === 'huge@example.com' || m.to === 'blank@example.com')).toEqual([])
  })
})

describe('DELETE /invitations/{id}', () => {
  it('cancels a pending invitation of its own guild, and nothing else', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const { invitation } = await buildInvitation(ctx, guild.id, {
      email: 'gone@example.com',
      displayName: 'Gone',
    })
    const accepted = await buildInvitation(ctx, guild.id, { status: 'accepted' })
    const other = await buildGuild(ctx)
    const foreign = await buildInvitation(ctx, other.guild.id)

    expect((await admin.request('DELETE', `/api/v1/invitations/${invitation.id}`)).status).toBe(204)
    expect(await auditRows(ctx, guild.id, 'INVITE_CANCELLED')).toEqual([
      {
        userId: admin.user.id,
        tableName: 'user_invitations',
        recordId: invitation.id,
        description: 'Gone <gone@example.com>',
      },
    ])
    const before = await guildSnapshot(ctx, guild.id)
    const foreignBefore = await guildSnapshot(ctx, other.guild.id)
    for (const [id, status, code] of [
      [invitation.id, 409, 'INVITE_NOT_PENDING'],
      [accepted.invitation.id, 409, 'INVITE_NOT_PENDING'],
      [foreign.invitation.id, 404, 'NOT_FOUND'],
      ['00000000-0000-4000-8000-000000000000', 404, 'NOT_FOUND'],
      ['not-a-uuid', 400, 'VALIDATION_FAILED'],
    ] as const)
      await expectError(await admin.request('DELETE', `/api/v1/invitations/${id}`), status, code)
    expect(await guildSnapshot(ctx, guild.id)).toEqual(before)
    expect(await guildSnapshot(ctx, other.guild.id)).toEqual(foreignBefore)
  })
})

describe('GET /invitations/lookup/{token}', () => {
  it("answers each unusable link with the spec's reason", async () => {
    const { guild } = await buildGuild(ctx)
    const unknown = await expectError(await lookUp(ctx, 'a'.repeat(43)), 404, 'INVITE_INVALID')
    expect(unknown.error.message).toBe('Este convite não existe. Verifique se o link está correto.')
    const used = await buildInvitation(ctx, guild.id, { status: 'accepted' })
    expect((await expectError(await lookUp(ctx, used.token), 409, 'INVITE_USED')).error.message).toBe(
      'Este convite já foi utilizado.',
    )
    const replaced = await buildInvitation(ctx, guild.id, { status: 'cancelled' })
    await expectError(await lookUp(ctx, replaced.token), 409, 'INVITE_REPLACED')
    await expectError(await lookUp(ctx, 'not.a.token'), 400, 'VALIDATION_FAILED')
  })

  it('expires a link 7 days after it was sent', async () => {
    const start = new Date('2031-03-01T10:00:00Z')
    ctx.setNow(start)
    const { guild, admin } = await buildGuild(ctx, { subscriptionStatus: 'active' })
    expect((await invite(admin, `late-${guild.id}@example.com`)).status).toBe(201)
    const { token } = invitationLinkTo(sent, `late-${guild.id}@example.com`)

    ctx.setNow(new Date(start.getTime() + 7 * 86_400_000 - 1000))
    expect((await lookUp(ctx, token)).status).toBe(200)
    ctx.setNow(new Date(start.getTime() + 7 * 86_400_000))
    const expired = await expectError(await lookUp(ctx, token), 410, 'INVITE_EXPIRED')
    expect(expired.error.message).toBe('Solicite um novo convite ao administrador da guild.')
    // Shown as expired on the users page; it still holds its slot until cancelled.
    const page = await (await admin.request('GET', '/api/v1/members')).json()
    expect(page.invitations[0]).toMatchObject({ status: 'pending', isExpired: true })
    expect(page.slots.used).toBe(1)
  })

  it('limits lookups per client address', async () => {
    const { guild } = await buildGuild(ctx)
    const { token } = await buildInvitation(ctx, guild.id)
    const statuses: number[] = []
    const address = '198.51.100.23'
    for (let i = 0; i < 31; i++) {
      const res = await ctx.app.request(
        `/api/v1/invitations/lookup/${token}`,
        {},
        { incoming: { socket: { remoteAddress: address } } },
      )
      statuses.push(res.status)
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200))
    expect(statuses[30]).toBe(429)
    expect((await lookUp(ctx, token)).status).toBe(200)
  })
})
