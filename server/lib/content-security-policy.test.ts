import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { anonymous, buildGuild } from '../test/factories'
import { fileTestContext } from '../test/harness'
import { API_CSP, webAppCsp } from './content-security-policy'

const ctx = await fileTestContext()

describe('web app CSP', () => {
  it("allows our own scripts and exactly the page's inline scripts, by hash", () => {
    const inline = "document.documentElement.classList.add('dark')"
    const csp = webAppCsp(
      `<html><head><script>${inline}</script><script type="module" src="/a.js"></script></head></html>`,
    )
    const hash = createHash('sha256').update(inline).digest('base64')
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`)
    expect(csp).toContain("object-src 'none'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toContain('unsafe-eval')
  })
})

// The secure headers that guard data, on every API answer (and Referrer-Policy, issue 43); those that only
// govern a document, on pages only.
const DATA_HEADERS = {
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=15552000; includeSubDomains',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'no-referrer',
}
const DOCUMENT_HEADERS = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]

describe('API response headers', () => {
  const expectApiHeaders = (res: Response, label: string) => {
    expect(res.headers.get('content-security-policy'), label).toBe(API_CSP)
    for (const [name, value] of Object.entries(DATA_HEADERS)) expect(res.headers.get(name), label).toBe(value)
    for (const name of DOCUMENT_HEADERS) expect(res.headers.get(name), `${label}: ${name}`).toBeNull()
  }

  it('every answer, errors and unknown paths included, forbids loading and framing and is never cached', async () => {
    const { admin } = await buildGuild(ctx)
    const answers: [string, Response][] = [
      ['signed-in data', await admin.request('GET', '/api/v1/players')],
      ['not signed in', await anonymous(ctx)('GET', '/api/v1/players')],
      ['invalid input', await admin.request('POST', '/api/v1/players', { name: '' })],
      ['unknown path', await anonymous(ctx)('GET', '/api/v1/nothing-here')],
      [
        'refused origin',
        await admin.request('POST', '/api/v1/players', { name: 'x' }, { origin: 'http://evil.example' }),
      ],
      ['better-auth', await anonymous(ctx)('GET', '/api/v1/auth/get-session')],
      ['health', await anonymous(ctx)('GET', '/api/v1/health')],
    ]
    expect(answers.map(([, res]) => res.status)).toEqual([200, 401, 400, 404, 403, 200, 200])
    for (const [label, res] of answers) {
      expectApiHeaders(res, label)
      expect(res.headers.get('cache-control'), label).toBe('no-store')
    }
  })

  it('keeps the stricter cache rule a route chose (public pages: private, no-store)', async () => {
    const { guild } = await buildGuild(ctx)
    const res = await anonymous(ctx)('GET', `/api/v1/public/guilds/${guild.slug}`)
    expect(res.status).toBe(200)
    expectApiHeaders(res, 'public gate')
    expect(res.headers.get('cache-control')).toBe('private, no-store')
  })

  it('gives the API reference a policy that runs exactly its own inline script and style', async () => {
    const res = await anonymous(ctx)('GET', '/api/v1/docs')
    expect(res.status).toBe(200)
    const html = await res.text()
    const csp = res.headers.get('content-security-policy') ?? ''
    const hashOf = (tag: string) => {
      const body = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(html)?.[1]
      expect(body, tag).toBeDefined()
      return `'sha256-${createHash('sha256').update(body!).digest('base64')}'`
    }
    expect(csp).toContain(`script-src ${hashOf('script')}`)
    expect(csp).toContain(`style-src ${hashOf('style')}`)
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("connect-src 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toContain('unsafe-inline')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  })
})

describe("the web app's pages", () => {
  it('carry every secure header, those of a document included', async () => {
    for (const path of ['/', '/guilds/some-guild']) {
      const res = await anonymous(ctx)('GET', path)
      for (const [name, value] of Object.entries(DATA_HEADERS))
        expect(res.headers.get(name), path).toBe(value)
      for (const name of DOCUMENT_HEADERS) expect(res.headers.get(name), `${path}: ${name}`).not.toBeNull()
    }
  })
})
