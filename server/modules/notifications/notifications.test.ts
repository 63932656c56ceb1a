import { eq } from 'drizzle-orm'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { startSmtpInbox } from '../../../e2e/support/smtp-inbox'
import { guilds, integrationOutbox, profiles } from '../../db/schema'
import { applyBillingEvent } from '../billing/billing-events.service'
import { buildGuild, buildInvitation, buildMember, type Actor } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { signUpInvited } from '../members/members.test-support'
import { api, markPlayers, scheduleNight } from '../raid-nights/raid-nights.test-support'
import { buildQueue } from '../queues/queue.test-support'
import { writeDueNotifications } from './notification-loop'

// Members' notification e-mails (docs/product-rules.md, "Notifications"), delivered through a real local SMTP
// server: each kind reaches the right members in their language with an unsubscribe link, none reaches a
// member whose switch is off, the link turns the switch off, and the loop's notifications are written once
// even when two loops run at once.

const inbox = await startSmtpInbox()
afterAll(() => inbox.close())
const ctx = await fileTestContext({ env: { SMTP_URL: inbox.url } })
afterEach(() => ctx.setNow(null))

/** Sends what the outbox holds, then answers the e-mails each address received since `from`. */
async function deliver(from: number) {
  await ctx.deps.announcer.drain()
  return (address: string) => inbox.mails.slice(from).filter((m) => m.to.includes(address.toLowerCase()))
}
const language = (actor: Actor, lang: 'pt' | 'en') =>
  ctx.database.db.update(profiles).set({ language: lang }).where(eq(profiles.userId, actor.user.id))
const switches = (actor: Actor, patch: Partial<typeof profiles.$inferInsert>) =>
  ctx.database.db.update(profiles).set(patch).where(eq(profiles.userId, actor.user.id))
const unsubscribeLinkOf = (text: string) =>
  text
    .match(/http:\/\/localhost:3000\/api\/v1\/notifications\/unsubscribe\?[^\s"'<>]+/)![0]
    .replace(/&amp;/g, '&')

/** A guild with an English admin, a Portuguese member, and a member with every switch off. */
async function guildOfThree(options: { subscriptionStatus?: string; createdAt?: Date } = {}) {
  const { guild, admin } = await buildGuild(ctx, options)
  await language(admin, 'en')
  const member = await buildMember(ctx, { guildId: guild.id, language: 'pt' })
  const quiet = await buildMember(ctx, { guildId: guild.id })
  await switches(quiet, { notifyEmail: false, notifyEvents: false, notifyLoot: false })
  return { guild, admin, member, quiet }
}

describe('e-mail notifications (membership and subscription)', () => {
  it('an accepted invitation reaches the other members in their language, with an unsubscribe link', async () => {
    const { guild, admin, member, quiet } = await guildOfThree()
    const { token, invitation } = await buildInvitation(ctx, guild.id, { displayName: 'Nova Recruta' })
    const from = inbox.mails.length
    expect((await signUpInvited(ctx, token)).status).toBe(201)
    const to = await deliver(from)
    expect(to(admin.user.email)).toHaveLength(1)
    expect(to(admin.user.email)[0]!.text).toContain(
      `Nova Recruta accepted the invitation and is now a member of the guild ${guild.name}.`,
    )
    expect(to(member.user.email)[0]!.text).toContain(
      `Nova Recruta aceitou o convite e agora é membro da guild ${guild.name}.`,
    )
    expect(to(member.user.email)[0]!.headers).toMatch(
      /List-Unsubscribe:\s+<http:\/\/localhost:3000\/api\/v1\/notifications\/unsubscribe\?/,
    )
    expect(to(member.user.email)[0]!.headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click')
    expect(to(quiet.user.email)).toHaveLength(0)
    expect(to(invitation.email)).toHaveLength(0)
  })

  it('a removal reaches the members but the admin who removed and the one removed', async () => {
    const { guild, admin, member } = await guildOfThree()
    const leaving = await buildMember(ctx, { guildId: guild.id, name: 'Saindo Agora' })
    const from = inbox.mails.length
    await api(admin, 'DELETE', `/members/${leaving.profileId}`, undefined, 204)
    const to = await deliver(from)
    expect(to(member.user.email)).toHaveLength(1)
    expect(to(member.user.email)[0]!.text).toContain(`removeu Saindo Agora da guild ${guild.name}`)
    expect(to(admin.user.email)).toHaveLength(0)
    expect(to(leaving.user.email)).toHaveLength(0)
  })

  it('a payment problem reaches the admins only, once however often the provider repeats it', async () => {
    const { guild, admin, member } = await guildOfThree({ subscriptionStatus: 'active' })
    await ctx.database.db
      .update(guilds)
      .set({ billingSubscriptionId: 'sub_notify' })
      .where(eq(guilds.id, guild.id))
    const event = {
      id: `evt_${guild.id}`,
      type: 'invoice.payment_failed',
      createdAt: ctx.deps.now(),
      guildId: guild.id,
      customerId: null,
      kind: 'payment_failed' as const,
      subscriptionId: 'sub_notify',
    }
    const from = inbox.mails.length
    await applyBillingEvent(ctx.deps, event)
    await applyBillingEvent(ctx.deps, event)
    const to = await deliver(from)
    expect(to(admin.user.email)).toHaveLength(1)
    expect(to(admin.user.email)[0]!.text).toContain(
      `The last payment of the guild ${guild.name}'s subscription did not go through.`,
    )
    expect(to(member.user.email)).toHaveLength(0)
  })

  it("the trial's last day reaches the admins once, even with two loops at once", async () => {
    const now = new Date('2026-12-10T12:00:00Z')
    ctx.setNow(now)
    const { guild, admin, member } = await guildOfThree({
      createdAt: new Date(now.getTime() - 2.5 * 86_400_000),
    })
    const from = inbox.mails.length
    await Promise.all([writeDueNotifications(ctx.deps), writeDueNotifications(ctx.deps)])
    await writeDueNotifications(ctx.deps)
    const to = await deliver(from)
    expect(to(admin.user.email)).toHaveLength(1)
    expect(to(admin.user.email)[0]!.text).toContain(`The guild ${guild.name}'s free trial ends on`)
    expect(to(member.user.email)).toHaveLength(0)
  })
})

/** 20:00 in São Paulo on 2026-12-10: the test night's start. */
const START = new Date('2026-12-10T23:00:00Z')

describe('event reminders', () => {
  it('reach each member once, a few hours before, with the local time and a link; not those with the switch off', async () => {
    ctx.setNow(new Date(START.getTime() - 5 * 3_600_000))
    const { admin, member, quiet } = await guildOfThree()
    const night = await scheduleNight(admin)
    const from = inbox.mails.length
    await writeDueNotifications(ctx.deps)
    expect((await deliver(from))(member.user.email)).toHaveLength(0)
    ctx.setNow(new Date(START.getTime() - 2 * 3_600_000))
    await Promise.all([writeDueNotifications(ctx.deps), writeDueNotifications(ctx.deps)])
    await writeDueNotifications(ctx.deps)
    const to = await deliver(from)
    expect(to(member.user.email)).toHaveLength(1)
    const pt = to(member.user.email)[0]!.text
    expect(pt).toContain('O evento Raid de quinta da guild')
    expect(pt).toContain('quinta-feira, 10 de dezembro de 2026 às 20:00 (fuso America/Sao_Paulo)')
    // The link opens its page in the e-mail's language, also signed out in a browser that never chose one
    // (contract/language-link.ts): an English e-mail's says so, a Portuguese one's is as it was.
    expect(pt).toMatch(new RegExp(`http://localhost:3000/dashboard/events/${night.id}\\s`))
    expect(to(admin.user.email)[0]!.text).toContain('Thursday, December 10, 2026 at 8:00')
    expect(to(admin.user.email)[0]!.text).toContain(
      `http://localhost:3000/dashboard/events/${night.id}?lang=en`,
    )
    expect(to(quiet.user.email)).toHaveLength(0)
  })

  it('the unsubscribe link asks first, then turns the switch off without signing in', async () => {
    ctx.setNow(new Date(START.getTime() - 2 * 3_600_000))
    const { admin, member } = await guildOfThree()
    await scheduleNight(admin)
    const from = inbox.mails.length
    await writeDueNotifications(ctx.deps)
    const link = unsubscribeLinkOf((await deliver(from))(member.user.email)[0]!.text)
    expect(new URL(link).searchParams.get('switch')).toBe('events')

    const asked = await ctx.app.request(link)
    expect(asked.status).toBe(200)
    expect(await asked.text()).toContain('Desligar os lembretes de eventos de')
    const read = async () =>
      (await ctx.database.db.select().from(profiles).where(eq(profiles.userId, member.user.id)))[0]!
    expect((await read()).notifyEvents).toBe(true)

    // A mail client's one-click unsubscribe: a form post from no page of ours.
    const done = await ctx.app.request(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(done.status).toBe(200)
    const donePage = await done.text()
    expect(donePage).toContain('Os lembretes de eventos foram desligados.')
    expect(await read()).toMatchObject({ notifyEvents: false, notifyEmail: true, notifyLoot: true })

    // The next night reminds the others, not them.
    const second = await scheduleNight(admin, {
      date: '2026-12-11',
      startTime: '01:00',
      endTime: '03:00',
      name: 'Extra',
    })
    expect(second.name).toBe('Extra')
    ctx.setNow(new Date('2026-12-11T02:00:00Z'))
    const later = inbox.mails.length
    await writeDueNotifications(ctx.deps)
    const to = await deliver(later)
    expect(to(admin.user.email).some((m) => m.text.includes('Extra'))).toBe(true)
    expect(to(member.user.email)).toHaveLength(0)

    // The page says where the switches are: the settings, in the member's language (English, a link that says so).
    expect(donePage).toContain('href="http://localhost:3000/dashboard/settings"')
    const english = unsubscribeLinkOf(to(admin.user.email).find((m) => m.text.includes('Extra'))!.text)
    const theirs = await ctx.app.request(english, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(await theirs.text()).toContain('href="http://localhost:3000/dashboard/settings?lang=en"')
  })

  it('a link with a wrong signature changes nothing', async () => {
    const { member } = await guildOfThree()
    const forged = `/api/v1/notifications/unsubscribe?user=${member.user.id}&switch=loot&token=forged`
    const res = await ctx.app.request(forged, { method: 'POST' })
    expect(res.status).toBe(404)
    const [row] = await ctx.database.db.select().from(profiles).where(eq(profiles.userId, member.user.id))
    expect(row!.notifyLoot).toBe(true)
  })
})

describe('loot notifications', () => {
  it("one recap per completed night, from the Discord recap's awards and marks", async () => {
    ctx.setNow(new Date(START.getTime() - 3_600_000))
    const q = await buildQueue(ctx)
    const quiet = await buildMember(ctx, { guildId: q.guild.id })
    await switches(quiet, { notifyLoot: false })
    const night = await scheduleNight(q.member)
    ctx.setNow(new Date(START.getTime() + 3_600_000))
    await api(q.member, 'POST', `/queue-entries/${q.entryOf('Ana').id}/received`, { note: 'melhor DPS' })
    const from = inbox.mails.length
    await api(q.member, 'POST', `/raid-nights/${night.id}/status`, { action: 'complete' })
    await api(q.member, 'POST', `/raid-nights/${night.id}/status`, { action: 'reopen' })
    await api(q.member, 'POST', `/raid-nights/${night.id}/status`, { action: 'complete' })
    const to = await deliver(from)
    expect(to(q.member.user.email)).toHaveLength(1)
    const text = to(q.member.user.email)[0]!.text
    expect(text).toContain('O evento Raid de quinta da guild')
    expect(text).toContain('- Espada Lendária → Ana (melhor DPS)')
    expect(text).toContain('Presença: 0 presentes')
    expect(to(quiet.user.email)).toHaveLength(0)
  })

  it("the recap's attendance says each count in its plural form, in Portuguese and English", async () => {
    ctx.setNow(new Date(START.getTime() - 3_600_000))
    const q = await buildQueue(ctx)
    const english = await buildMember(ctx, { guildId: q.guild.id, language: 'en' })
    const night = await scheduleNight(q.member)
    ctx.setNow(new Date(START.getTime() + 3_600_000))
    const [ana, bruno, caio, duda] = q.players
    await markPlayers(q.member, night.id, {
      [ana!.id]: 'present',
      [bruno!.id]: 'late',
      [caio!.id]: 'late',
      [duda!.id]: 'no_show',
    })
    const from = inbox.mails.length
    await api(q.member, 'POST', `/raid-nights/${night.id}/status`, { action: 'complete' })
    const to = await deliver(from)
    expect(to(q.member.user.email)[0]!.text).toContain(
      'Presença: 1 presente, 2 atrasados, 0 no banco, 0 dispensados, 1 faltou sem avisar.',
    )
    expect(to(english.user.email)[0]!.text).toContain(
      'Attendance: 1 present, 2 late, 0 on the bench, 0 excused, 1 no-show.',
    )
  })

  it('an officers-only note is in neither the recap e-mail nor the daily digest; a normal note is', async () => {
    ctx.setNow(new Date(START.getTime() - 3_600_000))
    const q = await buildQueue(ctx)
    const night = await scheduleNight(q.member)
    ctx.setNow(new Date(START.getTime() + 3_600_000))
    const award = (name: string, body: object) =>
      api(q.member, 'POST', `/queue-entries/${q.entryOf(name).id}/received`, body)
    await award('Ana', { note: 'officers-mail-Nf36', notePrivate: true })
    await award('Bruno', { note: 'shown-mail-Xa90' })
    const from = inbox.mails.length
    await api(q.member, 'POST', `/raid-nights/${night.id}/status`, { action: 'complete' })
    // After the night: awards outside any event, for the next day's digest.
    ctx.setNow(new Date(START.getTime() + 8 * 3_600_000))
    await award('Caio', { note: 'officers-digest-Lr83', notePrivate: true })
    await award('Duda', { note: 'shown-digest-Ov14' })
    ctx.setNow(new Date(START.getTime() + 30 * 3_600_000))
    await writeDueNotifications(ctx.deps)
    const mails = (await deliver(from))(q.member.user.email)
    const recap = mails.find((m) => m.text.includes('Raid de quinta'))!
    const digest = mails.find((m) => m.text.includes('Duda'))!
    expect(recap.text).toMatch(/- Espada Lendária → Ana\r?\n/)
    expect(recap.text).toContain('- Espada Lendária → Bruno (shown-mail-Xa90)')
    expect(digest.text).toMatch(/- Espada Lendária → Caio\r?\n/)
    expect(digest.text).toContain('- Espada Lendária → Duda (shown-digest-Ov14)')
    for (const mail of mails) {
      for (const note of ['officers-mail-Nf36', 'officers-digest-Lr83']) expect(mail.text).not.toContain(note)
    }
  })

  it('a daily digest of the awards made outside any event, once per day', async () => {
    ctx.setNow(new Date('2026-12-10T15:00:00Z'))
    const q = await buildQueue(ctx)
    await api(q.member, 'POST', `/queue-entries/${q.entryOf('Bruno').id}/received`)
    const from = inbox.mails.length
    await writeDueNotifications(ctx.deps)
    expect((await deliver(from))(q.member.user.email)).toHaveLength(0)
    // The next day in São Paulo.
    ctx.setNow(new Date('2026-12-11T04:00:00Z'))
    await Promise.all([writeDueNotifications(ctx.deps), writeDueNotifications(ctx.deps)])
    await writeDueNotifications(ctx.deps)
    const to = await deliver(from)
    expect(to(q.member.user.email)).toHaveLength(1)
    expect(to(q.member.user.email)[0]!.text).toContain('- Espada Lendária → Bruno')
    const rows = await ctx.database.db
      .select()
      .from(integrationOutbox)
      .where(eq(integrationOutbox.guildId, q.guild.id))
    expect(rows.filter((r) => r.dedupeKey === 'loot-digest:2026-12-10').length).toBeGreaterThan(0)
  })
})
