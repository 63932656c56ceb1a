import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { fillDocument, withoutModulePreloads, headTags, ORIGIN, PREVIEW_IMAGE } from './document'
import { readServerData, SERVER_DATA_ID, serverDataScript } from './server-data'

const TEMPLATE =
  '<!doctype html><html lang="pt-BR"><head><title>LootQueue</title>\n<!--lq-head-->' +
  '<script type="module" crossorigin src="/assets/index-1.js"></script>\n' +
  '    <link rel="modulepreload" crossorigin href="/assets/jsx-runtime-2.js">\n' +
  '    <link rel="modulepreload" crossorigin href="/assets/router-3.js"></head>' +
  '<body><div id="root"></div><noscript>needs JavaScript</noscript></body></html>'

describe('the document around a server-rendered page', () => {
  it('writes the title, description, canonical, hreflang alternates and preview tags, escaped', () => {
    const tags = headTags({
      language: 'en',
      title: 'FAQ · LootQueue',
      description: 'Say "hi" <b>',
      path: '/en/faq',
      alternates: { pt: '/faq', en: '/en/faq' },
    })
    expect(tags).toContain('<title>FAQ · LootQueue</title>')
    expect(tags).toContain('<meta name="description" content="Say &quot;hi&quot; &lt;b&gt;" />')
    expect(tags).toContain(`<link rel="canonical" href="${ORIGIN}/en/faq" />`)
    expect(tags).toContain(`<link rel="alternate" hreflang="pt-BR" href="${ORIGIN}/faq" />`)
    expect(tags).toContain(`<link rel="alternate" hreflang="en-US" href="${ORIGIN}/en/faq" />`)
    expect(tags).toContain(`<link rel="alternate" hreflang="x-default" href="${ORIGIN}/faq" />`)
    expect(tags).toContain('<meta property="og:locale" content="en_US" />')
    // The preview image's words are in the page's language.
    expect(tags).toContain(`<meta property="og:image" content="${ORIGIN}/og-image-en.png" />`)
    expect(headTags({ language: 'pt', title: 'T', description: 'D' })).toContain(
      `<meta property="og:image" content="${ORIGIN}/og-image.png" />`,
    )
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image" />')
    expect(tags).not.toContain('noindex')
  })

  it('names a preview image per language that the build serves, 1200×630 as its tags say', () => {
    expect(new Set(Object.values(PREVIEW_IMAGE)).size).toBe(2)
    for (const file of Object.values(PREVIEW_IMAGE)) {
      const png = readFileSync(join(import.meta.dirname, '../public', file))
      expect(png.subarray(1, 4).toString()).toBe('PNG')
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630])
    }
  })

  it('fills the template: lang, one title, the rendered root; the JavaScript notice only for an empty root', () => {
    const meta = { language: 'en' as const, title: 'T', description: 'D', noindex: true }
    const rendered = fillDocument(TEMPLATE, meta, '<h1>Hi</h1>', '<script type="application/json"></script>')
    expect(rendered).toContain('<html lang="en-US"')
    expect(rendered.match(/<title>/g)).toHaveLength(1)
    expect(rendered).toContain('<div id="root"><h1>Hi</h1></div><script type="application/json"></script>')
    expect(rendered).toContain('<meta name="robots" content="noindex" />')
    expect(rendered).not.toContain('noscript')
    expect(fillDocument(TEMPLATE, meta)).toContain('<noscript>needs JavaScript</noscript>')
    expect(() => fillDocument('<html></html>', meta)).toThrow()
  })

  it("paints a prerendered site page before fetching the app's modules: no modulepreload, the entry kept", () => {
    const meta = { language: 'pt' as const, title: 'T', description: 'D' }
    const rendered = fillDocument(TEMPLATE, meta, '<h1>Oi</h1>')
    expect(rendered.match(/modulepreload/g)).toHaveLength(2)
    const site = withoutModulePreloads(rendered)
    expect(site).not.toContain('modulepreload')
    expect(site).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script></head>')
    expect(site).toContain('<div id="root"><h1>Oi</h1></div>')
  })

  it('hands its data to the browser as JSON that no text inside can close', () => {
    const data = {
      language: 'pt' as const,
      namespaces: ['public'],
      queries: [[['k'], '</script><b>']] as [string[], string][],
    }
    const script = serverDataScript(data)
    expect(script.match(/<\/script>/g)).toHaveLength(1)
    document.body.innerHTML = script
      .replace('<script', '<script data-x')
      .replace(`id="${SERVER_DATA_ID}"`, `id="${SERVER_DATA_ID}"`)
    expect(readServerData()).toEqual(data)
  })
})
