import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Hono } from 'hono'
import { afterAll, describe, expect, it } from 'vitest'
import { createWebApp, startingHandler } from './web-app'

const webRoot = mkdtempSync(join(tmpdir(), 'lq-web-'))
mkdirSync(join(webRoot, 'assets'))
writeFileSync(join(webRoot, 'index.html'), '<!doctype html><html><body>the web app</body></html>')
writeFileSync(join(webRoot, 'assets', 'index-abc.js'), 'console.log(1)')
afterAll(() => rmSync(webRoot, { recursive: true, force: true }))

const request = (path: string, method = 'GET') => new Request(`http://localhost${path}`, { method })
const settled = () => new Promise((resolve) => setTimeout(resolve, 50))

describe('the server while it starts', () => {
  it('answers the web app at once, holds everything else until the app is ready, then hands all to the app', async () => {
    const handler = startingHandler(createWebApp(webRoot, { origin: 'http://localhost' }))

    const page = await handler.fetch(request('/dashboard/items'))
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('the web app')
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'")
    expect(page.headers.get('x-content-type-options')).toBe('nosniff')
    const asset = await handler.fetch(request('/assets/index-abc.js'))
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const gone = await handler.fetch(request('/assets/index-old.js'))
    expect(gone.status).toBe(404)
    expect(gone.headers.get('cache-control')).toBeNull()

    const held: string[] = []
    const hold = (path: string, method?: string) =>
      Promise.resolve(handler.fetch(request(path, method))).then(async (answer) => {
        held.push(path)
        return answer.text()
      })
    const api = hold('/api/v1/health')
    const dev = hold('/dev/outbox')
    const post = hold('/', 'POST')
    await settled()
    expect(held).toEqual([])

    handler.ready(new Hono().all('*', (c) => c.text(`app: ${c.req.method} ${c.req.path}`)))
    expect(await api).toBe('app: GET /api/v1/health')
    expect(await dev).toBe('app: GET /dev/outbox')
    expect(await post).toBe('app: POST /')
    expect(await (await handler.fetch(request('/dashboard/items'))).text()).toBe('app: GET /dashboard/items')
  })
})
