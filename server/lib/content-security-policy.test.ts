import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { webAppCsp } from './content-security-policy'

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
