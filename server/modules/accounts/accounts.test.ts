import { count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { account, guilds, profiles, user } from '../../db/schema'
import type { Mail } from '../../platform/mail/mailer'
import { databaseFingerprint } from '../../test/database-fingerprint'
import { expectError } from '../../test/expect-error'
import { buildMember, buildUser, DEFAULT_PASSWORD } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { DEFAULT_TIME_ZONE } from '../../../contract/raid-nights'
import { confirmationLink, postSignup, signIn, signupBody } from './accounts.test-support'
import { MAIL_STEP_FLOOR_MS } from './accounts.service'
import { SIGNUPS_PER_HOUR } from './signup-rate-limit'

const sent: Mail[] = []
const ctx = await fileTestContext({ mailer: { kind: 'outbox', send: async (m) => void sent.push(m) } })

async function rowCounts() {
  const db = ctx.database.db
  const [[u], [a], [g], [p]] = await Promise.all([
    db.select({ n: count() }).from(user),
    db.select({ n: count() }).from(account),
    db.select({ n: count() }).from(guilds),
    db.select({ n: count() }).from(profiles),
  ])
  return { users: u!.n, accounts: a!.n, guilds: g!.n, profiles: p!.n }
}

describe('POST /accounts/signup', () => {
  it('creates the user, the trialing guild and the admin profile, and e-mails a confirmation link', async () => {
    ctx.setNow(new Date('2030-01-10T12:00:00Z'))
    const body = signupBody({
      email: 'Ana@Example.com',
      guildName: '  Os Cavaleiros d’Ouro!! ',
      language: 'en',
    })
    const res = await postSignup(ctx, body)
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({
      email: 'ana@example.com',
      slug: 'os-cavaleiros-d-ouro',
      verificationRequired: true,
    })
    const [guild] = await ctx.database.db.select().from(guilds).where(eq(guilds.slug, 'os-cavaleiros-d-ouro'))
    expect(guild).toMatchObject({
      name: 'Os Cavaleiros d’Ouro!!',
      subscriptionStatus: 'trialing',
      publicAccessPassword: body.guildPassword,
      createdAt: new Date('2030-01-10T12:00:00Z'),
    })
    const [profile] = await ctx.database.db.select().from(profiles).where(eq(profiles.guildId, guild!.id))
    expect(profile).toMatchObject({ role: 'guild_admin', isActive: true, language: 'en' })
    expect(guild!.adminUserId).toBe(profile!.userId)
    const mail = sent.findLast((m) => m.to === 'ana@example.com')
    expect(mail?.subject).toBe('Confirm your e-mail on LootQueue')
    expect(confirmationLink(mail!)).toContain('/api/v1/auth/verify-email?token=')
    // The link leads to its page in the e-mail's language, also in a browser that never chose one
    // (contract/language-link.ts); a Portuguese e-mail's leads to it as before (the next test).
    const verified = await ctx.app.request(confirmationLink(mail!).replace('http://localhost:3000', ''))
    expect(verified.status).toBe(302)
    expect(verified.headers.get('location')).toBe('/auth?verified=1&lang=en')
    ctx.setNow(new Date())
  })

  // An outside tester signed up from London and got São Paulo's clock for every night (the sign-up form now
  // sends the browser's zone).
  it("gives the guild the sign-up's time zone as the database spells it; none or an unknown one, the default", async () => {
    const zoneOf = async (timeZone: unknown) => {
      const body = { ...signupBody(), timeZone }
      const res = await postSignup(ctx, body)
      expect(res.status).toBe(201)
      const { slug } = (await res.json()) as { slug: string }
      const [guild] = await ctx.database.db.select().from(guilds).where(eq(guilds.slug, slug))
      return guild!.timeZone
    }
    expect(await zoneOf('Europe/London')).toBe('Europe/London')
    expect(await zoneOf('america/new_york')).toBe('America/New_York')
    expect(await zoneOf(undefined)).toBe(DEFAULT_TIME_ZONE)
    expect(await zoneOf('Mars/Olympus_Mons')).toBe(DEFAULT_TIME_ZONE)
  })

  it('refuses sign-in until the e-mail is confirmed, then signs in after the link is followed', async () => {
    const body = signupBody()
    await postSignup(ctx, body)
    const early = await signIn(ctx, body.email, body.password)
    expect(early.status).toBe(403)
    expect((await early.json()).error.code).toBe('EMAIL_NOT_VERIFIED')

    const link = confirmationLink(sent.findLast((m) => m.to === body.email)!)
    const verify = await ctx.app.request(link.replace('http://localhost:3000', ''))
    expect(verify.status).toBe(302)
    expect(verify.headers.get('location')).toBe('/auth?verified=1')

    const ok = await signIn(ctx, body.email, body.password)
    expect(ok.status).toBe(200)
    expect(ok.headers.get('set-cookie')).toMatch(/lq\.session_token=.+HttpOnly/i)
  })

  it("keeps a guild's public page unknown until its sign-up is confirmed, as for a registered address", async () => {
    await buildMember(ctx, { email: 'owner.public@example.com' })
    const gate = (slug: string) => ctx.app.request(`/api/v1/public/guilds/${slug}`)
    // A registered address's sign-up makes no guild: its public address answers 404, and so does a new one's
    // until its owner proves the address, so the page cannot tell which of the two happened.
    await postSignup(ctx, signupBody({ email: 'owner.public@example.com', guildName: 'Probe Registered' }))
    await expectError(await gate('probe-registered'), 404, 'GUILD_NOT_FOUND')
    const body = signupBody({ guildName: 'Probe New' })
    await postSignup(ctx, body)
    await expectError(await gate('probe-new'), 404, 'GUILD_NOT_FOUND')

    const link = confirmationLink(sent.findLast((m) => m.to === body.email)!)
    expect((await ctx.app.request(link.replace('http://localhost:3000', ''))).status).toBe(302)
    const opened = await gate('probe-new')
    expect(opened.status).toBe(200)
    expect(await opened.json()).toMatchObject({ name: 'Probe New', slug: 'probe-new', passwordSet: true })
  })

  it('answers GUILD_NAME_TAKEN for a name whose slug exists, and creates nothing', async () => {
    await postSignup(ctx, signupBody({ guildName: 'Night Watch' }))
    const before = await rowCounts()
    const res = await postSignup(ctx, signupBody({ guildName: 'night   watch!' }))
    expect(res.status).toBe(409)
    expect((await res.json()).error).toMatchObject({
      code: 'GUILD_NAME_TAKEN',
      message:
        'Já existe uma guild com este nome ou com um nome que gera o mesmo endereço público (/guilds/night-watch). Escolha outro nome.',
    })
    expect(await rowCounts()).toEqual(before)
  })

  // An outside test (2026-12-07): "Ordem da Fúnix" was refused as "Já existe uma guild com este nome" beside
  // "Ordem da Fênix", though no guild has that name: only their address (every character outside a-z0-9 becomes
  // a hyphen) is the same. The refusal says so, and which address, in the reader's language.
  it('says a name refused for its public address alone names that address, in both languages', async () => {
    await postSignup(ctx, signupBody({ guildName: 'Ordem da Fênix' }))
    const before = await rowCounts()
    const pt = await postSignup(ctx, signupBody({ guildName: 'Ordem da Fúnix' }))
    expect(pt.status).toBe(409)
    expect((await pt.json()).error).toEqual({
      code: 'GUILD_NAME_TAKEN',
      message:
        'Já existe uma guild com este nome ou com um nome que gera o mesmo endereço público (/guilds/ordem-da-f-nix). Escolha outro nome.',
      fields: { guildName: 'GUILD_NAME_TAKEN' },
    })
    const en = await postSignup(ctx, signupBody({ guildName: 'Ordem da Fúnix' }), { 'accept-language': 'en' })
    expect((await en.json()).error.message).toBe(
      'A guild already has this name, or a name that makes the same public address (/guilds/ordem-da-f-nix). Choose another name.',
    )
    expect(await rowCounts()).toEqual(before)
  })

  // An outside test (2026-12-07): sign-up said "This e-mail is already registered" where the password reset
  // carefully says nothing, so anyone could learn who has an account. A taken address now gets the answer a new
  // one gets; its owner is told by e-mail, and nothing is created or changed.
  it('answers a registered address, whatever its case, exactly as a new one, changing nothing', async () => {
    const owner = await buildMember(ctx, { language: 'en', email: 'owner.taken@example.com', name: 'Olivia' })
    const fresh = await postSignup(ctx, signupBody({ guildName: 'Shape Of A New One' }))
    const before = await databaseFingerprint(ctx)
    const mailsBefore = sent.length
    const started = performance.now()
    const res = await postSignup(
      ctx,
      signupBody({ email: 'OWNER.TAKEN@example.com', guildName: 'Never Made' }),
    )
    // No sooner than a new address's answer, whose confirmation better-auth sends in 500 ms at least.
    expect(performance.now() - started).toBeGreaterThanOrEqual(MAIL_STEP_FLOOR_MS)
    expect(res.status).toBe(fresh.status)
    expect(await res.json()).toEqual({
      email: 'owner.taken@example.com',
      slug: 'never-made',
      verificationRequired: true,
    })
    expect(Object.keys(await fresh.json())).toEqual(['email', 'slug', 'verificationRequired'])
    // No user, guild, profile, credential or session was written, and the owner's own rows are as they were
    // (the rate limiter counted the request: its one row aside).
    const { rate_limit: _counted, ...after } = await databaseFingerprint(ctx)
    const { rate_limit: _before, ...unchanged } = before
    expect(after).toEqual(unchanged)
    expect((await owner.request('GET', '/api/v1/me')).status).toBe(200)
    expect((await signIn(ctx, owner.user.email, DEFAULT_PASSWORD)).status).toBe(200)

    // One e-mail, to the owner's own address, in the account's language: someone tried, sign in or reset.
    const mails = sent.slice(mailsBefore)
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['owner.taken@example.com', 'Someone tried to create a LootQueue account with your e-mail'],
    ])
    expect(mails[0]!.text).toContain('Hi, Olivia!')
    expect(mails[0]!.text).toContain('Sign in: http://localhost:3000/auth?lang=en\n')
    expect(mails[0]!.text).toContain('Reset password: http://localhost:3000/auth?forgot=1&lang=en\n')
    expect(mails[0]!.html).toContain('href="http://localhost:3000/auth?forgot=1&amp;lang=en"')
    expect(mails[0]!.text).not.toMatch(/token=/)
  })

  it("tells the owner in the sign-up's language when the account has no guild, and in Portuguese by default", async () => {
    const loner = await buildUser(ctx, { name: 'Lone Wolf' })
    const mailsBefore = sent.length
    expect((await postSignup(ctx, signupBody({ email: loner.email, language: 'pt' }))).status).toBe(201)
    const [pt] = sent.slice(mailsBefore)
    expect(pt).toMatchObject({
      to: loner.email,
      subject: 'Alguém tentou criar uma conta no LootQueue com seu e-mail',
    })
    expect(pt!.text).toContain('Olá, Lone Wolf!')
    expect(pt!.text).toContain('Entrar: http://localhost:3000/auth\n')
    expect(pt!.text).toContain('Redefinir senha: http://localhost:3000/auth?forgot=1\n')
    expect((await postSignup(ctx, signupBody({ email: loner.email, language: 'en' }))).status).toBe(201)
    expect(sent.at(-1)).toMatchObject({
      to: loner.email,
      subject: 'Someone tried to create a LootQueue account with your e-mail',
    })
  })

  it('refuses a taken guild name alike for a registered address and a new one', async () => {
    const owner = await buildUser(ctx)
    await postSignup(ctx, signupBody({ guildName: 'Claimed Name' }))
    const before = await rowCounts()
    const mailsBefore = sent.length
    const taken = await postSignup(ctx, signupBody({ email: owner.email, guildName: 'claimed name' }))
    const fresh = await postSignup(ctx, signupBody({ guildName: 'claimed name' }))
    expect(taken.status).toBe(409)
    expect(await taken.json()).toEqual(await fresh.json())
    expect(await rowCounts()).toEqual(before)
    expect(sent.length).toBe(mailsBefore)
  })

  it('lets exactly one of two simultaneous sign-ups with one address make an account, both answered alike', async () => {
    const before = await rowCounts()
    const email = `racer-${Date.now()}@example.com`
    const [a, b] = await Promise.all([
      postSignup(ctx, signupBody({ email, guildName: `Racer A ${Date.now()}` })),
      postSignup(ctx, signupBody({ email, guildName: `Racer B ${Date.now()}` })),
    ])
    expect([a.status, b.status]).toEqual([201, 201])
    const after = await rowCounts()
    expect(after.users - before.users).toBe(1)
    expect(after.guilds - before.guilds).toBe(1)
    const subjects = sent.filter((m) => m.to === email).map((m) => m.subject)
    expect(subjects.sort()).toEqual([
      'Alguém tentou criar uma conta no LootQueue com seu e-mail',
      'Confirme seu e-mail no LootQueue',
    ])
  })

  it('answers WEAK_PASSWORD under 8 characters and VALIDATION_FAILED on a mismatch, creating nothing', async () => {
    const before = await rowCounts()
    await expectError(
      await postSignup(ctx, signupBody({ password: '1234567', confirmPassword: '1234567' })),
      400,
      'WEAK_PASSWORD',
    )
    const mismatch = await postSignup(ctx, signupBody({ confirmPassword: 'something-else' }))
    expect(mismatch.status).toBe(400)
    expect((await mismatch.json()).error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { confirmPassword: 'passwordMismatch' },
    })
    const noSlug = await postSignup(ctx, signupBody({ guildName: '!!!' }))
    expect((await noSlug.json()).error.fields).toEqual({ guildName: 'guildNameInvalid' })
    const missing = await postSignup(ctx, { email: 'x@example.com' })
    expect(missing.status).toBe(400)
    expect(await rowCounts()).toEqual(before)
  })

  it('rolls everything back when a later step of the transaction fails', async () => {
    const db = ctx.database.db
    // Make the last insert (the admin profile) fail inside the transaction.
    await db.execute(`create function lq_fail_profile() returns trigger language plpgsql as $$
      begin raise exception 'profile insert failed on purpose'; end $$`)
    await db.execute(
      'create trigger lq_fail_profile before insert on profiles for each row execute function lq_fail_profile()',
    )
    try {
      const before = await rowCounts()
      const res = await postSignup(ctx, signupBody({ guildName: 'Doomed Guild' }))
      expect(res.status).toBe(500)
      expect(await rowCounts()).toEqual(before)
    } finally {
      await db.execute('drop trigger lq_fail_profile on profiles')
      await db.execute('drop function lq_fail_profile')
    }
  })

  it('lets exactly one of two simultaneous sign-ups for the same guild name through', async () => {
    const before = await rowCounts()
    const [a, b] = await Promise.all([
      postSignup(ctx, signupBody({ guildName: 'Race Guild' })),
      postSignup(ctx, signupBody({ guildName: 'Race-Guild' })),
    ])
    expect([a.status, b.status].sort()).toEqual([201, 409])
    const after = await rowCounts()
    expect(after.guilds - before.guilds).toBe(1)
    expect(after.users - before.users).toBe(1)
    expect(after.profiles - before.profiles).toBe(1)
  })

  it('limits sign-ups per client address (each one e-mails an unproven address)', async () => {
    const from = (ip: string) => (body: unknown) =>
      ctx.app.request(
        '/api/v1/accounts/signup',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
        { incoming: { socket: { remoteAddress: ip } } },
      )
    // This client already used its hour's allowance.
    for (let i = 0; i < SIGNUPS_PER_HOUR; i++) {
      await ctx.deps.rateLimiter.consume('signup|203.0.113.7', { window: 3600, max: SIGNUPS_PER_HOUR })
    }
    const before = await rowCounts()
    const refused = await from('203.0.113.7')(signupBody())
    await expectError(refused, 429, 'RATE_LIMITED')
    // The seconds left of the hour's window, as every limited route says them (server/lib/rate-limit.ts).
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000)
    expect(await rowCounts()).toEqual(before)
    expect((await from('203.0.113.8')(signupBody())).status).toBe(201)
  })
})
