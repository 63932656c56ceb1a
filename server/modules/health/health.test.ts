import { describe, expect, it } from 'vitest'
import { appBeside, ENGINE, fileTestContext } from '../../test/harness'

const ctx = await fileTestContext()

describe('system endpoints', () => {
  it('reports a healthy database of this engine', async () => {
    const res = await ctx.app.request('/api/v1/health')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok', database: ENGINE })
  })

  it('answers a load balancer: live always, ready while the database answers and the process is not stopping', async () => {
    const live = await ctx.app.request('/api/v1/health/live')
    expect(live.status).toBe(200)
    expect(await live.json()).toEqual({ status: 'ok' })
    const ready = await ctx.app.request('/api/v1/health/ready')
    expect(ready.status).toBe(200)
    expect(ready.headers.get('cache-control')).toBe('no-store')
    expect(await ready.json()).toEqual({ status: 'ready', database: ENGINE })

    // A process asked to stop (server/main.ts) answers not-ready at once, and still serves.
    const stopping = await appBeside(ctx)
    try {
      stopping.deps.lifecycle.startDraining()
      const draining = await stopping.app.request('/api/v1/health/ready')
      expect(draining.status).toBe(503)
      expect(draining.headers.get('retry-after')).toBe('5')
      expect(await draining.json()).toEqual({ status: 'draining', database: ENGINE })
      expect((await stopping.app.request('/api/v1/health/live')).status).toBe(200)
      expect((await stopping.app.request('/api/v1/health')).status).toBe(200)
    } finally {
      await stopping.stop()
    }
    // Only that process: this one is still ready.
    expect((await ctx.app.request('/api/v1/health/ready')).status).toBe(200)
  })

  it('answers unknown API paths with a JSON 404 in the request language, never the web app', async () => {
    const pt = await ctx.app.request('/api/v1/does-not-exist')
    expect(pt.status).toBe(404)
    expect(pt.headers.get('content-type')).toContain('application/json')
    expect(await pt.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Não encontrado.' } })
    const en = await ctx.app.request('/api/v2/x', { headers: { 'accept-language': 'en-US,en;q=0.9' } })
    expect((await en.json()).error.message).toBe('Not found.')
  })

  it('publishes the OpenAPI document and a readable reference page', async () => {
    const doc = await (await ctx.app.request('/api/v1/openapi.json')).json()
    expect(doc.openapi).toBe('3.1.0')
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/health', '/health/live', '/health/ready']),
    )
    const page = await ctx.app.request('/api/v1/docs')
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('/api/v1/openapi.json')
  })

  it('compresses JSON when the client accepts gzip', async () => {
    const res = await ctx.app.request('/api/v1/openapi.json', { headers: { 'accept-encoding': 'gzip' } })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    const plain = await ctx.app.request('/api/v1/openapi.json')
    expect(plain.headers.get('content-encoding')).toBeNull()
  })

  it('serves the web app for client routes (history fallback)', async () => {
    const res = await ctx.app.request('/dashboard/items')
    expect([200, 503]).toContain(res.status)
    expect(res.headers.get('content-type')).toContain('text/')
  })
})
