import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLogs, guildIntegrations } from '../../db/schema'
import { writeDump } from '../../platform/backup/logical-dump'
import { expectError } from '../../test/expect-error'
import { anonymous, buildGuild, buildMember } from '../../test/factories'
import {
  DISCORD_TOKEN,
  DISCORD_URL,
  embedOf,
  receiverTestContext,
  setDiscord,
  setWebhook,
  WEBHOOK_SECRET,
} from './integrations.test-support'

// Settings of the Discord webhook and the generic signed webhook: who may change them, what is accepted,
// what is stored (sealed) and what is shown (masked).

const { receiver, ctx } = await receiverTestContext()

const storedRows = (guildId: string) =>
  ctx.database.db.select().from(guildIntegrations).where(eq(guildIntegrations.guildId, guildId))
const auditOf = (guildId: string) =>
  ctx.database.db
    .select({ actionType: auditLogs.actionType, description: auditLogs.description })
    .from(auditLogs)
    .where(eq(auditLogs.guildId, guildId))
    // In the order they were written: without it the order is whatever plan the database picks.
    .orderBy(asc(auditLogs.createdAt))

describe('Discord settings', () => {
  it('an admin sets the webhook: shown masked, stored sealed, audited with what changed', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const saved = await setDiscord(admin, { events: ['subscription', 'awards'], language: 'pt' })
    expect(saved).toMatchObject({
      kind: 'discord',
      maskedUrl: `https://discord.com/api/webhooks/112233445566778899/••••${DISCORD_TOKEN.slice(-4)}`,
      events: ['awards', 'subscription'],
      language: 'pt',
      disabled: null,
      hasSecret: false,
      lastSentAt: null,
    })
    expect(JSON.stringify(saved)).not.toContain(DISCORD_TOKEN.slice(0, 12))
    const read = await (await admin.request('GET', '/api/v1/integrations')).json()
    expect(read).toEqual({ discord: saved, webhook: null })
    const [row] = await storedRows(guild.id)
    expect(row!.urlSealed).toMatch(/^v1\./)
    expect(row!.urlSealed).not.toContain(DISCORD_TOKEN.slice(0, 12))
    expect(await auditOf(guild.id)).toEqual([
      { actionType: 'INTEGRATION_UPDATE', description: 'discord · url, events, language' },
    ])
  })

  it('leaving the URL out keeps it; only what changed is audited; the same settings write nothing', async () => {
    const { guild, admin } = await buildGuild(ctx)
    await setDiscord(admin)
    const [before] = await storedRows(guild.id)
    const saved = await setDiscord(admin, { url: undefined, language: 'pt' })
    expect(saved.maskedUrl).toContain('112233445566778899')
    const [after] = await storedRows(guild.id)
    expect(after!.urlSealed).toBe(before!.urlSealed)
    await setDiscord(admin, { url: undefined, language: 'pt' })
    expect((await auditOf(guild.id)).map((r) => r.description)).toEqual([
      'discord · url, events, language',
      'discord · language',
    ])
  })

  it.each([
    ['http://discord.com/api/webhooks/1122334455/abcdefghijklmnopqrstuvwxyz', 'discordUrlInvalid'],
    [
      'https://discord.com.evil.example/api/webhooks/1122334455/abcdefghijklmnopqrstuvwxyz',
      'discordUrlInvalid',
    ],
    ['https://evil.example/api/webhooks/1122334455/abcdefghijklmnopqrstuvwxyz', 'discordUrlInvalid'],
    ['https://discord.com/api/users/1122334455/abcdefghijklmnopqrstuvwxyz', 'discordUrlInvalid'],
    ['https://discord.com/api/webhooks/1122334455/abcdefghijklmnopqrstuvwxyz?wait=true', 'discordUrlInvalid'],
    ['https://user:pw@discord.com/api/webhooks/1122334455/abcdefghijklmnopqrstuvwxyz', 'discordUrlInvalid'],
    ['https://discord.com/api/webhooks/1122334455/abc\u0000defghijklmnopqrstuvwxyz', 'controlCharacters'],
    ['not a url', 'discordUrlInvalid'],
    ['', 'required'],
    ['http://127.0.0.1:9/api/webhooks/1/token', 'localUrlNotAllowed'],
  ])('refuses %j (%s) and stores nothing', async (url, message) => {
    const { guild, admin } = await buildGuild(ctx)
    const res = await admin.request('PUT', '/api/v1/integrations/discord', {
      url,
      events: ['awards'],
      language: 'en',
    })
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body.error.code).toBe('VALIDATION_FAILED')
    expect(body.error.fields.url).toBe(message)
    expect(await storedRows(guild.id)).toEqual([])
  })

  it('accepts the other Discord hosts and an API version in the path', async () => {
    const { admin } = await buildGuild(ctx)
    for (const url of [
      'https://canary.discord.com/api/webhooks/1122334455/abcdefghijklmnopqrstuvwxyz',
      'https://discordapp.com/api/v10/webhooks/1122334455/abcdefghijklmnopqrstuvwxyz',
      'https://ptb.discord.com/api/webhooks/1122334455/abcdefghijklmnopqrstuvwxyz/',
    ]) {
      expect((await setDiscord(admin, { url })).maskedUrl).toContain('/api/webhooks/1122334455/••••wxyz')
    }
  })

  it('a first save needs the URL', async () => {
    const { admin } = await buildGuild(ctx)
    const res = await admin.request('PUT', '/api/v1/integrations/discord', { events: [], language: 'en' })
    expect(res.status).toBe(400)
    expect((await res.json()).error.fields).toEqual({ url: 'required' })
  })

  it('admins only (403 for members, 401 signed out); setting up needs Pro (402), reading does not', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const member = await buildMember(ctx, { guildId: guild.id })
    await setDiscord(admin)
    for (const [method, path] of [
      ['GET', '/api/v1/integrations'],
      ['PUT', '/api/v1/integrations/discord'],
      ['POST', '/api/v1/integrations/discord/test'],
      ['DELETE', '/api/v1/integrations/discord'],
    ] as const) {
      const body = method === 'PUT' ? { url: DISCORD_URL, events: [], language: 'en' } : undefined
      expect((await member.request(method, path, body)).status, `${method} ${path}`).toBe(403)
      expect((await anonymous(ctx)(method, path, body)).status, `${method} ${path}`).toBe(401)
    }
    const lapsed = await buildGuild(ctx, { subscriptionStatus: 'canceled' })
    expect((await lapsed.admin.request('GET', '/api/v1/integrations')).status).toBe(200)
    const put = await lapsed.admin.request('PUT', '/api/v1/integrations/discord', {
      url: DISCORD_URL,
      events: [],
      language: 'en',
    })
    await expectError(put, 402, 'SUBSCRIPTION_REQUIRED')
  })

  it("another guild's settings are out of reach: not read, not removed (404)", async () => {
    const a = await buildGuild(ctx)
    const b = await buildGuild(ctx)
    await setDiscord(b.admin)
    expect(await (await a.admin.request('GET', '/api/v1/integrations')).json()).toEqual({
      discord: null,
      webhook: null,
    })
    const res = await a.admin.request('DELETE', '/api/v1/integrations/discord')
    expect(res.status).toBe(404)
    expect(await storedRows(b.guild.id)).toHaveLength(1)
  })

  it('removing deletes the settings and is audited', async () => {
    const { guild, admin } = await buildGuild(ctx)
    await setDiscord(admin)
    expect((await admin.request('DELETE', '/api/v1/integrations/discord')).status).toBe(204)
    expect(await storedRows(guild.id)).toEqual([])
    expect((await auditOf(guild.id)).map((r) => r.actionType)).toEqual([
      'INTEGRATION_UPDATE',
      'INTEGRATION_DELETE',
    ])
  })
})

describe('the signed webhook settings', () => {
  it('needs a secret of 16+ characters, keeps it when left out, never shows it', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const short = await admin.request('PUT', '/api/v1/integrations/webhook', {
      url: 'https://bot.example.org/hooks/lootqueue',
      secret: 'short',
      events: ['awards'],
      language: 'en',
    })
    expect((await short.json()).error.fields).toEqual({ secret: 'secretTooShort' })
    const missing = await admin.request('PUT', '/api/v1/integrations/webhook', {
      url: 'https://bot.example.org/hooks/lootqueue',
      events: ['awards'],
      language: 'en',
    })
    expect((await missing.json()).error.fields).toEqual({ secret: 'required' })
    const saved = await setWebhook(admin, 'https://bot.example.org/hooks/lootqueue?key=k1')
    expect(saved).toMatchObject({ maskedUrl: 'https://bot.example.org/••••', hasSecret: true })
    const kept = await setWebhook(admin, 'https://bot.example.org/hooks/lootqueue', { secret: undefined })
    expect(kept.hasSecret).toBe(true)
    const [row] = await storedRows(guild.id)
    expect(row!.secretSealed).not.toContain(WEBHOOK_SECRET)
    expect(JSON.stringify(await (await admin.request('GET', '/api/v1/integrations')).json())).not.toContain(
      WEBHOOK_SECRET,
    )
  })

  it.each([
    ['http://bot.example.org/hook', 'webhookUrlInvalid'],
    ['https://10.1.2.3/hook', 'privateAddressNotAllowed'],
    ['https://192.168.0.10/hook', 'privateAddressNotAllowed'],
    ['https://[fd00::1]/hook', 'privateAddressNotAllowed'],
    ['https://169.254.169.254/latest/meta-data', 'privateAddressNotAllowed'],
    ['https://printer.local/hook', 'privateAddressNotAllowed'],
    ['http://localhost:8080/hook', 'localUrlNotAllowed'],
  ])('refuses %j (%s)', async (url, message) => {
    const { admin } = await buildGuild(ctx)
    const res = await admin.request('PUT', '/api/v1/integrations/webhook', {
      url,
      secret: WEBHOOK_SECRET,
      events: ['awards'],
      language: 'en',
    })
    expect(res.status).toBe(400)
    expect((await res.json()).error.fields).toEqual({ url: message })
  })
})

describe('test message', () => {
  it('posts an embed to the webhook and says what the receiver answered', async () => {
    const { guild, admin } = await buildGuild(ctx, { name: 'Test Msg Guild' })
    await setDiscord(admin, { language: 'pt' })
    const before = receiver.requests.length
    receiver.answer({ status: 204 }, { status: 404, body: { message: 'Unknown Webhook', code: 10015 } })
    const ok = await admin.request('POST', '/api/v1/integrations/discord/test')
    expect(await ok.json()).toEqual({ delivered: true, status: 204 })
    const [request] = receiver.requests.slice(before)
    expect(request!.path).toBe(`/api/webhooks/112233445566778899/${DISCORD_TOKEN}`)
    const embed = embedOf(request!.body)
    expect(embed.title).toBe('Mensagem de teste do LootQueue para Test Msg Guild')
    expect(embed.url).toBe(`http://localhost:3000/guilds/${guild.slug}`)
    expect(embed.allowedMentions).toEqual({ parse: [] })
    const refused = await admin.request('POST', '/api/v1/integrations/discord/test')
    expect(await refused.json()).toEqual({ delivered: false, status: 404 })
    // A test does not turn the integration off: only real messages do.
    expect((await (await admin.request('GET', '/api/v1/integrations')).json()).discord.disabled).toBeNull()
  })

  it('is limited to 5 a minute per guild, and 404 without settings', async () => {
    const { admin } = await buildGuild(ctx)
    expect((await admin.request('POST', '/api/v1/integrations/discord/test')).status).toBe(404)
    await setDiscord(admin)
    const statuses = []
    for (let i = 0; i < 6; i++)
      statuses.push((await admin.request('POST', '/api/v1/integrations/discord/test')).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
  })
})

describe('at rest', () => {
  it('neither the URL, its token nor the signing secret is in a database dump or the guild export', async () => {
    const { guild, admin } = await buildGuild(ctx)
    await setDiscord(admin)
    const hookPath = 'hooks/d41d8cd98f00b204e9800998ecf8427e'
    await setWebhook(admin, `https://bot.example.org/${hookPath}`)
    const [discordRow] = (await storedRows(guild.id)).filter((r) => r.kind === 'discord')
    expect(discordRow!.urlSealed).toMatch(/^v1\./)
    const dir = mkdtempSync(join(tmpdir(), 'lq-integrations-'))
    try {
      const file = join(dir, 'dump.jsonl.gz')
      await writeDump(ctx.database, file)
      const dump = gunzipSync(readFileSync(file)).toString('utf8')
      // The dump holds the sealed values (so a restore with the same AUTH_SECRET keeps the settings)…
      expect(dump).toContain(discordRow!.urlSealed)
      // …and none of what they seal.
      for (const secret of [DISCORD_TOKEN, DISCORD_TOKEN.slice(0, 16), hookPath, WEBHOOK_SECRET]) {
        expect(dump).not.toContain(secret)
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
    const exported = await (await admin.request('GET', '/api/v1/guild/export')).text()
    expect(exported).toContain('"integrations"')
    for (const secret of [DISCORD_TOKEN.slice(0, 16), hookPath, WEBHOOK_SECRET, discordRow!.urlSealed]) {
      expect(exported).not.toContain(secret)
    }
  })

  it('a value sealed for one guild does not open in another', async () => {
    const a = await buildGuild(ctx)
    const b = await buildGuild(ctx)
    await setDiscord(a.admin)
    await setDiscord(b.admin, {
      url: 'https://discord.com/api/webhooks/998877665544332211/another-token-another-token-1234',
    })
    const [rowA] = await storedRows(a.guild.id)
    // Copy A's sealed URL onto B's row: it does not open there (the guild is part of what is sealed).
    await ctx.database.db
      .update(guildIntegrations)
      .set({ urlSealed: rowA!.urlSealed })
      .where(eq(guildIntegrations.guildId, b.guild.id))
    const { discord } = await (await b.admin.request('GET', '/api/v1/integrations')).json()
    expect(discord).toMatchObject({ maskedUrl: '••••', disabled: { reason: 'undecryptable' } })
    const test = await b.admin.request('POST', '/api/v1/integrations/discord/test')
    expect(await test.json()).toEqual({ delivered: false, status: null })
  })
})

describe('the OpenAPI reference', () => {
  it('documents the signed webhook: its settings route, the delivery body and the signature header', async () => {
    const doc = await (await ctx.app.request('/api/v1/openapi.json')).json()
    const put = doc.paths['/integrations/webhook'].put
    expect(put.description).toContain('X-LootQueue-Signature')
    expect(put.description).toContain('HMAC-SHA256')
    expect(put.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/WebhookSettings',
    })
    const delivery = doc.webhooks['/lootqueue-announcement'].post
    expect(delivery.description).toContain('t=<unix seconds>,v1=')
    expect(delivery.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['header:x-lootqueue-signature', 'header:x-lootqueue-delivery']),
    )
    expect(delivery.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/WebhookDelivery',
    })
    expect(Object.keys(doc.components.schemas.Announcement.properties)).toEqual(
      expect.arrayContaining(['type', 'item', 'player', 'previousPosition', 'note', 'actor', 'undone']),
    )
    // The readable reference lists it too.
    const page = await (await ctx.app.request('/api/v1/docs')).text()
    expect(page).toContain('doc.webhooks')
  })
})
