import { BlockList, isIP } from 'node:net'
import {
  discordWebhookPath,
  isDiscordWebhookUrl,
  isHttpsUrl,
  isLocalUrl,
} from '../../../contract/integrations'
import type { IntegrationKind } from '../../../contract/enums'

// Where an integration may send. Discord URLs can only reach Discord's hosts. A generic webhook reaches
// any https host except addresses of this machine or its private networks, written as such: LootQueue must
// not become a way to post into the network it runs in. (A public name that resolves to a private address
// is not caught here; see docs/decisions/011-integrations.md.) Local receivers (http://127.0.0.1:port/...)
// are for test set-ups only: INTEGRATIONS_ALLOW_LOCAL_URLS, which the environment refuses in production.

const PRIVATE = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4')
}
for (const [net, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['::ffff:0:0', 96],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6')
}

function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return true
  const family = isIP(host)
  if (family === 0) return false
  return PRIVATE.check(host, family === 4 ? 'ipv4' : 'ipv6')
}

/** Null when `url` may be used for this kind of integration, else the field message key. */
export function destinationProblem(
  kind: IntegrationKind,
  url: string,
  options: { allowLocal: boolean },
): string | null {
  if (isLocalUrl(url)) return options.allowLocal ? null : 'localUrlNotAllowed'
  if (kind === 'discord') return isDiscordWebhookUrl(url) ? null : 'discordUrlInvalid'
  if (!isHttpsUrl(url)) return 'webhookUrlInvalid'
  return isPrivateHost(new URL(url).hostname) ? 'privateAddressNotAllowed' : null
}

/**
 * What the guild page shows: enough to recognise the address, never the part that grants posting. Discord:
 * host, webhook id and the token's last four characters; any other address (a generic webhook, or a local
 * stand-in for Discord without Discord's path, where INTEGRATIONS_ALLOW_LOCAL_URLS allows one): its origin
 * only (its path and query may carry a key). Such a stand-in was shown in Discord's shape, a path never typed.
 */
export function maskUrl(kind: IntegrationKind, url: string): string {
  const parsed = new URL(url)
  const webhook = discordWebhookPath(parsed.pathname)
  if (kind === 'discord' && webhook)
    return `${parsed.origin}/api/webhooks/${webhook.id}/••••${webhook.token.slice(-4)}`
  return `${parsed.origin}/••••`
}

/**
 * The address a Discord message is posted to. Tests hand the sender a base URL (a local receiver), so a
 * real discord.com address stored by a test is never called; production passes none.
 */
export function discordTarget(url: string, baseUrl: string | null | undefined): string {
  if (!baseUrl) return url
  const parsed = new URL(url)
  return new URL(`${parsed.pathname}${parsed.search}`, baseUrl).toString()
}
