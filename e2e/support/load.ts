import type { Page } from 'playwright-core'

// Steady load from a signed-in browser page, as the guild's admins and members make it: the dashboard's
// queue, the public page's queue, the app's page, and a queue write (a receipt with a note of its own) in
// every fourth request, from a few loops at once, each asking again as soon as it has its answer (or after
// `pauseMs`). From a real browser, so what counts as a failed request is what a visitor would see fail.

export type LoadOptions = {
  slug: string
  guildPassword: string
  itemId: string
  /** The queue entries the writes mark received, in turn. */
  entryIds: string[]
  loops?: number
  pauseMs?: number
}

export type LoadFigures = {
  requests: number
  reads: number
  writes: number
  ms: number
  /** Requests that did not answer 2xx: what was asked and what came back (status 0: no answer). */
  failures: { kind: string; path: string; status: number; detail: string }[]
  /** The notes of the writes that answered 200: each must be in the loot history. */
  acknowledgedNotes: string[]
  /** Answers per process (port), from the test nginx's X-Upstream header. */
  byProcess: Record<number, number>
}

export type RunLoad = { stop: () => Promise<LoadFigures> }

type Result = {
  kind: 'read' | 'write'
  path: string
  status: number
  detail: string
  upstream: string | null
  note?: string
}
type LoadState = { stop: boolean; results: Result[]; startedAt: number; done: Promise<unknown> }

export async function startLoad(page: Page, options: LoadOptions): Promise<RunLoad> {
  await page.evaluate(
    async ({ slug, guildPassword, itemId, entryIds, loops, pauseMs }) => {
      const state = { stop: false, results: [], startedAt: performance.now() } as unknown as LoadState
      Object.assign(window, { __load: state })
      // The public page's access cookie, as its password form gets it.
      const access = await fetch(`/api/v1/public/guilds/${slug}/access`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password: guildPassword }),
      })
      if (!access.ok) throw new Error(`public access: ${access.status}`)

      const request = async (kind: Result['kind'], path: string, init?: RequestInit, note?: string) => {
        try {
          const res = await fetch(path, { cache: 'no-store', ...init })
          const body = await res.text()
          state.results.push({
            kind,
            path,
            status: res.status,
            detail: res.ok ? '' : body.slice(0, 300),
            upstream: res.headers.get('x-upstream'),
            note,
          })
        } catch (error) {
          state.results.push({ kind, path, status: 0, detail: String(error), upstream: null, note })
        }
      }
      const loop = async (loopIndex: number) => {
        for (let i = 0; !state.stop; i++) {
          const step = i % 4
          if (step === 0) {
            const note = `carga ${loopIndex}-${i}`
            const entryId = entryIds[(loopIndex + i / 4) % entryIds.length]
            await request(
              'write',
              `/api/v1/queue-entries/${entryId}/received`,
              {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ note }),
              },
              note,
            )
          } else if (step === 1) await request('read', `/api/v1/items/${itemId}/queue`)
          else if (step === 2) await request('read', `/api/v1/public/guilds/${slug}/items/${itemId}/queue`)
          else await request('read', '/')
          await new Promise((r) => setTimeout(r, pauseMs))
        }
      }
      state.done = Promise.all(Array.from({ length: loops }, (_, i) => loop(i)))
    },
    { ...options, loops: options.loops ?? 4, pauseMs: options.pauseMs ?? 0 },
  )

  return {
    stop: () =>
      page.evaluate(async () => {
        const state = (window as unknown as { __load: LoadState }).__load
        state.stop = true
        await state.done
        const ms = performance.now() - state.startedAt
        const byProcess: Record<number, number> = {}
        for (const r of state.results) {
          const port = Number(r.upstream?.split(':').at(-1))
          if (port) byProcess[port] = (byProcess[port] ?? 0) + 1
        }
        const ok = (r: Result) => r.status >= 200 && r.status < 300
        return {
          requests: state.results.length,
          reads: state.results.filter((r) => r.kind === 'read').length,
          writes: state.results.filter((r) => r.kind === 'write').length,
          ms,
          failures: state.results
            .filter((r) => !ok(r))
            .map(({ kind, path, status, detail }) => ({ kind, path, status, detail })),
          acknowledgedNotes: state.results.filter((r) => r.kind === 'write' && ok(r)).map((r) => r.note!),
          byProcess,
        }
      }),
  }
}
