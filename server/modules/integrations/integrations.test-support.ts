import { and, asc, eq, isNotNull } from 'drizzle-orm'
import { afterAll, expect } from 'vitest'
import type { Integration } from '../../../contract/integrations'
import { integrationOutbox } from '../../db/schema'
import type { Actor } from '../../test/factories'
import { fileTestContext, type TestContext } from '../../test/harness'
import { startReceiver } from '../../test/http-receiver'

// Shared by the integration tests. The Discord address below is shaped like a real one; tests never reach
// discord.com: the harness sends Discord messages to the test's local receiver (localOnlyTransport).

export const DISCORD_TOKEN = 'Zk3pQ9xVt2mLw8rB4nHc6yJd1sFa7uGe0oTi5qKz-RbWvXn_YpCsMh'
export const DISCORD_URL = `https://discord.com/api/webhooks/112233445566778899/${DISCORD_TOKEN}`
export const WEBHOOK_SECRET = 'a-signing-secret-of-guild-bot'

/** The file's context with Discord's address pointed at a local receiver, both closed after the file. */
export async function receiverTestContext(env?: Record<string, string>) {
  const receiver = await startReceiver()
  afterAll(() => receiver.close())
  const ctx = await fileTestContext({ discordBaseUrl: receiver.url, env })
  return { receiver, ctx }
}

export async function setDiscord(
  actor: Actor,
  body: Record<string, unknown> = {},
  status = 200,
): Promise<Integration> {
  const res = await actor.request('PUT', '/api/v1/integrations/discord', {
    url: DISCORD_URL,
    events: ['awards', 'absences', 'queue', 'subscription'],
    language: 'en',
    ...body,
  })
  const text = await res.text()
  expect(res.status, text).toBe(status)
  return JSON.parse(text)
}

export async function setWebhook(actor: Actor, url: string, body: Record<string, unknown> = {}) {
  const res = await actor.request('PUT', '/api/v1/integrations/webhook', {
    url,
    secret: WEBHOOK_SECRET,
    events: ['awards', 'absences', 'queue', 'subscription'],
    language: 'pt',
    ...body,
  })
  const text = await res.text()
  expect(res.status, text).toBe(200)
  return JSON.parse(text) as Integration
}

/** The guild's Discord and webhook messages (its members' notification e-mails are in the same outbox). */
export async function outboxOf(ctx: TestContext, guildId: string) {
  return ctx.database.db
    .select()
    .from(integrationOutbox)
    .where(and(eq(integrationOutbox.guildId, guildId), isNotNull(integrationOutbox.integrationId)))
    .orderBy(asc(integrationOutbox.seq))
}

/** The one embed of a Discord message the receiver got. */
export function embedOf(body: string) {
  const message = JSON.parse(body) as {
    allowed_mentions: { parse: string[] }
    embeds: {
      title: string
      url: string
      description?: string
      color: number
      fields: { name: string; value: string; inline?: boolean }[]
      footer: { text: string }
      timestamp: string
    }[]
  }
  expect(message.embeds).toHaveLength(1)
  return { ...message.embeds[0]!, allowedMentions: message.allowed_mentions }
}

export const fieldValue = (embed: ReturnType<typeof embedOf>, name: string) =>
  embed.fields.find((f) => f.name === name)?.value
