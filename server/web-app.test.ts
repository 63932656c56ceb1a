import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
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

describe('the public site as the build left it', () => {
  // A build's output in miniature: the app's files, and dist/web-ssr's pages and route table.
  const root = mkdtempSync(join(tmpdir(), 'lq-site-'))
  const web = join(root, 'web')
  const ssr = join(root, 'web-ssr')
  mkdirSync(join(web, 'assets'), { recursive: true })
  mkdirSync(join(ssr, 'pages', 'en'), { recursive: true })
  writeFileSync(join(web, 'index.html'), '<!doctype html><html><head><script>theme()</script></head></html>')
  writeFileSync(join(web, 'favicon.svg'), '<svg/>')
  const page = (file: string, text: string) =>
    writeFileSync(
      join(ssr, 'pages', file),
      `<!doctype html><html><body>${text} <a href="%LQ_ORIGIN%/x"></a></body></html>`,
    )
  for (const [file, text] of [
    ['index.html', 'landing pt'],
    ['faq.html', 'faq pt'],
    ['en/index.html', 'landing en'],
    ['en/faq.html', 'faq en'],
    ['404.html', 'não encontrada'],
    ['en/404.html', 'not found'],
    ['sign-in.html', 'sign-in pt'],
    ['en/sign-in.html', 'sign-in en'],
    ['sign-up.html', 'sign-up pt'],
    ['en/sign-up.html', 'sign-up en'],
    ['shell.html', 'shell pt'],
    ['en/shell.html', 'shell en'],
  ])
    page(file!, text!)
  writeFileSync(
    join(ssr, 'routes.json'),
    JSON.stringify([
      '/',
      '/faq',
      '/en',
      '/en/faq',
      '/auth',
      '/dashboard',
      '/dashboard/players/:id',
      '/guilds/:slug',
    ]),
  )
  afterAll(() => rmSync(root, { recursive: true, force: true }))
  const app = createWebApp(web, { origin: 'https://lootqueue.example' })
  const get = (path: string, headers: Record<string, string> = {}) =>
    app.fetch(new Request(`http://localhost${path}`, { headers }))

  it('answers each prerendered page at its address, with the site origin, its ETag and the CSP', async () => {
    for (const [path, text] of [
      ['/', 'landing pt'],
      ['/faq', 'faq pt'],
      ['/en', 'landing en'],
      ['/en/faq', 'faq en'],
    ]) {
      const res = await get(path!)
      expect(res.status, path).toBe(200)
      const html = await res.text()
      expect(html).toContain(text!)
      expect(html).toContain('href="https://lootqueue.example/x"')
      expect(res.headers.get('cache-control')).toBe('no-cache')
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self' 'sha256-")
      const again = await get(path!, { 'if-none-match': res.headers.get('etag')! })
      expect(again.status).toBe(304)
    }
    const zipped = await get('/faq', { 'accept-encoding': 'gzip' })
    expect(zipped.headers.get('content-encoding')).toBe('gzip')
  })

  it('sends a reader of English from a Portuguese page to its English address; a chosen Portuguese stays', async () => {
    for (const [path, headers] of [
      ['/', { 'accept-language': 'en-US,en;q=0.9' }],
      ['/faq', { 'accept-language': 'en-GB, pt;q=0.5' }],
      ['/faq', { 'accept-language': 'pt-BR', cookie: 'lq_lang=en' }],
    ] as const) {
      const res = await get(`${path}?ref=mail`, headers)
      expect(res.status, path).toBe(302)
      expect(res.headers.get('location'), path).toBe(`${path === '/' ? '/en' : `/en${path}`}?ref=mail`)
      expect(res.headers.get('vary')).toBe('Accept-Encoding, Accept-Language, Cookie')
      expect(res.headers.get('cache-control')).toBe('no-cache')
    }
    // Portuguese: the default (no header, or one naming neither language), the browser's, or the visitor's choice.
    const portugueseReaders: Record<string, string>[] = [
      {},
      { 'accept-language': 'fr-FR, de;q=0.8' },
      { 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.8' },
      { 'accept-language': 'en-US', cookie: 'lq_lang=pt' },
    ]
    for (const headers of portugueseReaders) {
      const res = await get('/', headers)
      expect(res.status, JSON.stringify(headers)).toBe(200)
      expect(await res.text()).toContain('landing pt')
      expect(res.headers.get('vary')).toBe('Accept-Encoding, Accept-Language, Cookie')
    }
    // An English address is English for everyone, and does not vary.
    const english = await get('/en/faq', { 'accept-language': 'pt-BR', cookie: 'lq_lang=pt' })
    expect(english.status).toBe(200)
    expect(await english.text()).toContain('faq en')
    expect(english.headers.get('vary')).toBe('Accept-Encoding')
    // The pages one address serves in the reader's language say so too.
    expect((await get('/auth')).headers.get('vary')).toBe('Accept-Encoding, Accept-Language, Cookie')
    expect((await get('/nope')).headers.get('vary')).toBe('Accept-Encoding, Accept-Language, Cookie')
  })

  it('answers /auth with the prerendered sign-in page in the reader language; with a query, the shell', async () => {
    expect(await (await get('/auth')).text()).toContain('sign-in pt')
    expect(await (await get('/auth', { 'accept-language': 'en-US' })).text()).toContain('sign-in en')
    expect(await (await get('/auth', { cookie: 'lq_lang=en' })).text()).toContain('sign-in en')
    // The sign-up tab, where the landing's "Criar conta" links go, is prerendered too.
    const signUp = await get('/auth?tab=signup')
    expect(signUp.status).toBe(200)
    expect(await signUp.text()).toContain('sign-up pt')
    expect(await (await get('/auth?tab=signup', { 'accept-language': 'en' })).text()).toContain('sign-up en')
    const again = await get('/auth?tab=signup', { 'if-none-match': signUp.headers.get('etag')! })
    expect(again.status).toBe(304)
    // A notice, an invite or a reset link: a first look the prerendered pages do not have.
    expect(await (await get('/auth?message=removed')).text()).toContain('shell pt')
    expect(await (await get('/auth?tab=signup&message=removed')).text()).toContain('shell pt')
    expect(await (await get('/auth?invite=abc', { 'accept-language': 'en' })).text()).toContain('shell en')
    // An English e-mail's link says its language (contract/language-link.ts): the page is in it, whatever the
    // browser's or an earlier visit's; one that names none of ours is the reader's.
    for (const link of [
      '/auth?invite=abc&lang=en',
      '/auth?mode=reset&lang=en&token=t',
      '/dashboard/players/42?lang=en',
    ])
      expect(await (await get(link, { 'accept-language': 'pt-BR', cookie: 'lq_lang=pt' })).text()).toContain(
        'shell en',
      )
    expect(await (await get('/auth?invite=abc&lang=fr')).text()).toContain('shell pt')
  })

  it('answers a path of the route table with the shell in the reader language, and any other with a 404', async () => {
    expect(await (await get('/dashboard')).text()).toContain('shell pt')
    expect(await (await get('/dashboard/players/42', { 'accept-language': 'en-US' })).text()).toContain(
      'shell en',
    )
    for (const [path, language, text] of [
      ['/nope', 'pt-BR', 'não encontrada'],
      ['/dashboard/nope', 'en', 'not found'],
      ['/en/nope', 'pt-BR', 'not found'],
      ['/assets/gone.js', 'pt-BR', ''],
    ]) {
      const res = await get(path!, { 'accept-language': language! })
      expect(res.status, path).toBe(404)
      expect(await res.text()).toContain(text!)
    }
  })

  it('moves old addresses with a 301, keeping the query', async () => {
    for (const [old, now] of [
      ['/faq/', '/faq'],
      ['/pt', '/'],
      ['/pt/faq?x=1', '/faq?x=1'],
      ['/index.html', '/'],
      ['/en/', '/en'],
      ['/dashboard/', '/dashboard'],
    ]) {
      const res = await get(old!)
      expect(res.status, old).toBe(301)
      expect(res.headers.get('location'), old).toBe(now)
    }
    // Not a page either way: a 404, not a redirect to one.
    expect((await get('/pt/nope')).status).toBe(404)
  })

  it('serves robots.txt and a sitemap of the prerendered pages in both languages', async () => {
    const robots = await (await get('/robots.txt')).text()
    expect(robots).toContain('Disallow: /dashboard\n')
    expect(robots).toContain('Disallow: /guilds/\n')
    expect(robots).toContain('Sitemap: https://lootqueue.example/sitemap.xml')
    const sitemap = await get('/sitemap.xml')
    expect(sitemap.headers.get('content-type')).toContain('application/xml')
    const xml = await sitemap.text()
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      'https://lootqueue.example/',
      'https://lootqueue.example/en',
      'https://lootqueue.example/faq',
      'https://lootqueue.example/en/faq',
    ])
    expect(xml).toContain('hreflang="en-US" href="https://lootqueue.example/en/faq"')
  })

  it('gives the files outside /assets a day of caching', async () => {
    const icon = await get('/favicon.svg')
    expect(icon.status).toBe(200)
    expect(icon.headers.get('cache-control')).toBe('public, max-age=86400')
  })
})

describe('the icon browsers and crawlers ask for by default', () => {
  // web/public as the build copies it (scripts/render-brand-images.ts writes the icon from the brand's logo).
  const app = createWebApp(resolve('web/public'), { origin: 'https://lootqueue.example' })

  it('answers /favicon.ico with the brand icon at 16, 32 and 48 px, as an icon, cached like the other files', async () => {
    const res = await app.fetch(new Request('http://localhost/favicon.ico'))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/x-icon')
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400')
    const ico = Buffer.from(await res.arrayBuffer())
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1])
    const images = Array.from({ length: ico.readUInt16LE(4) }, (_, index) => {
      const entry = 6 + 16 * index
      const offset = ico.readUInt32LE(entry + 12)
      const png = ico.subarray(offset, offset + ico.readUInt32LE(entry + 8))
      expect(png.subarray(1, 4).toString()).toBe('PNG')
      // The entry's size and the PNG's own (its IHDR's width and height).
      return [ico[entry], png.readUInt32BE(16), png.readUInt32BE(20)]
    })
    expect(images).toEqual([
      [16, 16, 16],
      [32, 32, 32],
      [48, 48, 48],
    ])
  })
})
