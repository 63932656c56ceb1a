// One HTTP delivery and what its answer means for the message (docs/decisions/011-integrations.md):
// 2xx sent; 429 again after the delay the receiver asked for (Discord's `retry_after`, else Retry-After);
// 408, 5xx, a timeout or a network failure again with backoff; any other answer (404 and 401 for a deleted
// Discord webhook, a redirect) refuses the integration for good, so it is disabled.

export type Transport = {
  fetch: typeof fetch
  /** Tests only: Discord messages go to this base instead of the stored host (see destination.ts). */
  discordBaseUrl?: string | null
  timeoutMs: number
}

export type HttpRequest = { url: string; body: string; headers: Record<string, string> }

export type DeliveryOutcome =
  | { kind: 'sent'; status: number }
  | { kind: 'retry'; status: number | null; afterMs: number | null; error: string }
  | { kind: 'rejected'; status: number; error: string }

const MAX_ASKED_DELAY_MS = 3_600_000

/** Seconds (Discord sends fractions) from the JSON body's retry_after or the Retry-After header. */
async function askedDelayMs(res: Response): Promise<number | null> {
  const body = (await res.json().catch(() => null)) as { retry_after?: unknown } | null
  const fromBody = typeof body?.retry_after === 'number' ? body.retry_after : Number.NaN
  const fromHeader = Number(res.headers.get('retry-after'))
  const seconds = Number.isFinite(fromBody) ? fromBody : fromHeader
  if (!Number.isFinite(seconds) || seconds < 0) return null
  return Math.min(Math.ceil(seconds * 1000), MAX_ASKED_DELAY_MS)
}

export async function deliver(transport: Transport, request: HttpRequest): Promise<DeliveryOutcome> {
  let res: Response
  try {
    res = await transport.fetch(request.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'LootQueue-Webhooks/1',
        ...request.headers,
      },
      body: request.body,
      // A redirect is not followed: it could lead anywhere, and a webhook address that moves is misconfigured.
      redirect: 'manual',
      signal: AbortSignal.timeout(transport.timeoutMs),
    })
  } catch (error) {
    const name = (error as Error).name
    return {
      kind: 'retry',
      status: null,
      afterMs: null,
      error: name === 'TimeoutError' ? 'timeout' : `network: ${(error as Error).message}`.slice(0, 300),
    }
  }
  const { status } = res
  if (status >= 200 && status < 300) {
    await res.body?.cancel().catch(() => {})
    return { kind: 'sent', status }
  }
  if (status === 429) {
    return { kind: 'retry', status, afterMs: await askedDelayMs(res), error: 'rate limited' }
  }
  await res.body?.cancel().catch(() => {})
  if (status === 408 || status >= 500)
    return { kind: 'retry', status, afterMs: null, error: `HTTP ${status}` }
  return { kind: 'rejected', status, error: `HTTP ${status}` }
}

/** Waits between attempts when the receiver named none: 5 s, 15 s, 1 min, 5 min, 15 min, then hourly. */
const BACKOFF_MS = [5_000, 15_000, 60_000, 300_000, 900_000, 3_600_000]
export const MAX_ATTEMPTS = 12

export function backoffMs(attempts: number): number {
  return BACKOFF_MS[Math.min(Math.max(attempts, 1), BACKOFF_MS.length) - 1]!
}
