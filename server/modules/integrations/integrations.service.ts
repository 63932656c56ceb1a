import type { z } from 'zod'
import type {
  DiscordSettingsSchema,
  Integration,
  Integrations,
  IntegrationTestResult,
  WebhookSettingsSchema,
} from '../../../contract/integrations'
import type { Language } from '../../../contract/enums'
import type { Deps } from '../../deps'
import type { GuildActor } from '../../lib/actor'
import { AppError } from '../../lib/app-error'
import { publicPageUrl } from '../../lib/public-page-url'
import { insertAuditRow } from '../../platform/audit/audit.queries'
import { destinationProblem, maskUrl } from '../../platform/integrations/destination'
import { destinationOf } from '../../platform/integrations/send-announcement'
import { open, seal, sealContext } from '../../platform/integrations/secret-box'
import { testAnnouncement } from './announcement'
import * as q from './integrations.queries'
import type { IntegrationKind } from '../../../contract/enums'

// Settings of the guild's Discord webhook and generic signed webhook (admins, Pro). The URL and the secret
// are sealed before they reach the database and only their masked form comes back
// (docs/decisions/011-integrations.md).

type Settings = z.output<typeof DiscordSettingsSchema> & Partial<z.output<typeof WebhookSettingsSchema>>

/** Test messages per guild and minute: the button must not turn LootQueue into a relay. */
const TEST_LIMIT = { window: 60, max: 5 }

function present(deps: Deps, row: q.IntegrationRow): Integration {
  const kind = row.kind as IntegrationKind
  const url = open(deps.env.AUTH_SECRET, row.urlSealed, sealContext(row.guildId, kind, 'url'))
  const disabled = row.disabledAt
    ? {
        reason: row.disabledReason as 'rejected' | 'undecryptable',
        status: row.disabledStatus,
        at: row.disabledAt.toISOString(),
      }
    : url === null
      ? // Sealed under another AUTH_SECRET (a restore without it): nothing can be sent until it is saved again.
        { reason: 'undecryptable' as const, status: null, at: row.updatedAt.toISOString() }
      : null
  return {
    kind,
    maskedUrl: url === null ? '••••' : maskUrl(kind, url),
    events: row.events as Integration['events'],
    language: row.language as Language,
    disabled,
    hasSecret: row.secretSealed !== null,
    lastSentAt: row.lastSentAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  }
}

export async function getIntegrations(deps: Deps, guildId: string): Promise<Integrations> {
  const rows = await q.listIntegrations(deps.database.db, guildId)
  const of = (kind: IntegrationKind) => {
    const row = rows.find((r) => r.kind === kind)
    return row ? present(deps, row) : null
  }
  return { discord: of('discord'), webhook: of('webhook') }
}

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', { fields: { [field]: message } })

/**
 * Creates or changes one integration. A URL left out keeps the stored one (and a webhook's secret too);
 * saving switches a disabled integration on again. Audited with the codes of what changed.
 */
export async function saveIntegration(
  deps: Deps,
  actor: GuildActor,
  kind: IntegrationKind,
  input: Settings,
): Promise<Integration> {
  const { AUTH_SECRET, INTEGRATIONS_ALLOW_LOCAL_URLS } = deps.env
  const now = deps.now()
  if (input.url !== undefined) {
    const problem = destinationProblem(kind, input.url, {
      allowLocal: INTEGRATIONS_ALLOW_LOCAL_URLS === 'true',
    })
    if (problem) throw invalid('url', problem)
  }
  const context = (field: 'url' | 'secret') => sealContext(actor.guildId, kind, field)
  const row = await deps.database.db.transaction(async (tx) => {
    const before = await q.findIntegration(tx, actor.guildId, kind, { lock: true })
    const storedUrl = before ? open(AUTH_SECRET, before.urlSealed, context('url')) : null
    // Unreadable (another AUTH_SECRET) counts as missing: it has to be given again.
    if (input.url === undefined && storedUrl === null) throw invalid('url', 'required')
    const storedSecret =
      before?.secretSealed != null ? open(AUTH_SECRET, before.secretSealed, context('secret')) : null
    if (kind === 'webhook' && input.secret === undefined && storedSecret === null)
      throw invalid('secret', 'required')

    const url = input.url ?? storedUrl!
    const secret = kind === 'webhook' ? (input.secret ?? storedSecret) : null
    const changed = [
      url !== storedUrl && 'url',
      kind === 'webhook' && secret !== storedSecret && 'secret',
      (before?.events.join(',') ?? null) !== input.events.join(',') && 'events',
      before?.language !== input.language && 'language',
    ].filter((code): code is string => code !== false)
    if (before && changed.length === 0 && !before.disabledAt) return before
    const saved = await q.upsertIntegration(
      tx,
      actor.guildId,
      kind,
      {
        urlSealed: url === storedUrl ? before!.urlSealed : seal(AUTH_SECRET, url, context('url')),
        secretSealed: secret === null ? null : seal(AUTH_SECRET, secret, context('secret')),
        events: input.events,
        language: input.language,
      },
      now,
    )
    await insertAuditRow(tx, {
      ...actor,
      tableName: 'guild_integrations',
      actionType: 'INTEGRATION_UPDATE',
      recordId: saved.id,
      description: changed.length > 0 ? `${kind} · ${changed.join(', ')}` : kind,
      at: now,
    })
    return saved
  })
  await deps.realtime.publish({ guildId: actor.guildId, topic: 'guild' })
  return present(deps, row)
}

export async function removeIntegration(deps: Deps, actor: GuildActor, kind: IntegrationKind) {
  await deps.database.db.transaction(async (tx) => {
    // Its waiting messages go with it (foreign key, on delete cascade).
    const removed = await q.deleteIntegration(tx, actor.guildId, kind)
    if (!removed) throw new AppError('NOT_FOUND')
    await insertAuditRow(tx, {
      ...actor,
      tableName: 'guild_integrations',
      actionType: 'INTEGRATION_DELETE',
      recordId: removed.id,
      description: kind,
      at: deps.now(),
    })
  })
  await deps.realtime.publish({ guildId: actor.guildId, topic: 'guild' })
}

/** Sends a test message now (not through the outbox) and says what the receiver answered. */
export async function testIntegration(
  deps: Deps,
  guild: { id: string; name: string; slug: string },
  kind: IntegrationKind,
): Promise<IntegrationTestResult> {
  const row = await q.findIntegration(deps.database.db, guild.id, kind)
  if (!row) throw new AppError('NOT_FOUND')
  const verdict = await deps.rateLimiter.consume(`integration-test|${guild.id}`, TEST_LIMIT)
  if (!verdict.allowed) throw new AppError('RATE_LIMITED')
  const announcement = testAnnouncement({
    guild: { name: guild.name, slug: guild.slug, publicUrl: publicPageUrl(deps.env.APP_URL, guild.slug) },
    at: deps.now(),
  })
  const outcome = await deps.announcer.sendNow(destinationOf(row), announcement)
  return {
    delivered: outcome.kind === 'sent',
    status: outcome.status || null,
  }
}
