import { LANGUAGES, type Language } from '@contract/enums'
import { LOCALE_OF } from '@web/lib/language'

// The HTML document around a server-rendered page (web/entry-server.tsx): the built index.html with the
// page's <head> (title, description, canonical address, language alternates, Open Graph and Twitter card
// tags with the brand image) and its rendered root. Addresses in the head must be absolute for crawlers and
// chat apps; the build does not know the site's origin, so it writes ORIGIN and the server puts its
// APP_URL in its place when it loads the page (server/web-app.ts).

export const ORIGIN = '%LQ_ORIGIN%'
/** Where the page's tags go in web/index.html. */
export const HEAD_MARK = '<!--lq-head-->'
const ROOT = '<div id="root"></div>'

export type PageMeta = {
  language: Language
  /** The document title, complete ("FAQ · LootQueue"). */
  title: string
  description: string
  /** The page's own address: canonical and og:url (none for pages only a signed-in or invited reader sees). */
  path?: string
  /** The same page in each language (hreflang), when it has an address per language. */
  alternates?: Record<Language, string>
  /** Kept out of search results (the 404 page, a guild's page behind its password). */
  noindex?: boolean
}

const OG_LOCALE: Record<Language, string> = { pt: 'pt_BR', en: 'en_US' }
/** The link preview's image, its words in the page's language (scripts/render-brand-images.ts). */
export const PREVIEW_IMAGE: Record<Language, string> = { pt: '/og-image.png', en: '/og-image-en.png' }
const IMAGE_ALT: Record<Language, string> = {
  pt: 'LootQueue: filas de loot justas para a sua guild',
  en: 'LootQueue: fair loot queues for your guild',
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/** The page's tags for <head>, one a line. */
export function headTags(meta: PageMeta): string {
  const attr = escapeHtml
  const tags = [
    `<title>${attr(meta.title)}</title>`,
    `<meta name="description" content="${attr(meta.description)}" />`,
  ]
  if (meta.noindex) tags.push('<meta name="robots" content="noindex" />')
  if (meta.path) tags.push(`<link rel="canonical" href="${ORIGIN}${attr(meta.path)}" />`)
  if (meta.alternates) {
    for (const language of LANGUAGES)
      tags.push(
        `<link rel="alternate" hreflang="${LOCALE_OF[language]}" href="${ORIGIN}${attr(meta.alternates[language])}" />`,
      )
    tags.push(`<link rel="alternate" hreflang="x-default" href="${ORIGIN}${attr(meta.alternates.pt)}" />`)
  }
  tags.push(
    '<meta property="og:type" content="website" />',
    '<meta property="og:site_name" content="LootQueue" />',
    `<meta property="og:title" content="${attr(meta.title)}" />`,
    `<meta property="og:description" content="${attr(meta.description)}" />`,
    `<meta property="og:locale" content="${OG_LOCALE[meta.language]}" />`,
    ...LANGUAGES.filter((l) => l !== meta.language).map(
      (l) => `<meta property="og:locale:alternate" content="${OG_LOCALE[l]}" />`,
    ),
  )
  if (meta.path) tags.push(`<meta property="og:url" content="${ORIGIN}${attr(meta.path)}" />`)
  tags.push(
    `<meta property="og:image" content="${ORIGIN}${PREVIEW_IMAGE[meta.language]}" />`,
    '<meta property="og:image:type" content="image/png" />',
    '<meta property="og:image:width" content="1200" />',
    '<meta property="og:image:height" content="630" />',
    `<meta property="og:image:alt" content="${attr(IMAGE_ALT[meta.language])}" />`,
    // X reads og:title, og:description and og:image where its own tags are absent.
    '<meta name="twitter:card" content="summary_large_image" />',
  )
  return tags.join('\n    ')
}

/**
 * index.html with `meta` in its head, `<html lang>` set, and `root` (HTML) plus `tail` after its root. A page
 * rendered on the server reads without JavaScript: its "needs JavaScript" notice goes.
 */
export function fillDocument(template: string, meta: PageMeta, root = '', tail = ''): string {
  if (!template.includes(HEAD_MARK) || !template.includes(ROOT))
    throw new Error('index.html lacks the head mark or the root element')
  return template
    .replace(/<html lang="[^"]*"/, `<html lang="${LOCALE_OF[meta.language]}"`)
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(HEAD_MARK, headTags(meta))
    .replace(ROOT, `<div id="root">${root}</div>${tail}`)
    .replace(root ? /\s*<noscript>[\s\S]*?<\/noscript>/ : /$^/, '')
}

/**
 * A prerendered site page without the `modulepreload` hints: they fetch the app's modules beside the
 * stylesheet, so on a slow line the page's first paint waited for JavaScript it does not need to show
 * (Lighthouse mobile, median of 3: landing 89 → 94, first paint 2.5 → 2.0 s; FAQ 76 → 82). The entry still
 * imports them. Not for the public guild page: its largest paint waits for the app, and without the hints
 * it scored 63 → 56 (docs/decisions/014-server-rendering.md).
 */
export function withoutModulePreloads(document: string): string {
  return document.replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
}
