// Renders the PNG brand images in web/public from HTML with the machine's headless Chromium:
// og-image.png and og-image-en.png (1200×630, for link previews of the Portuguese and the English pages: social
// networks do not accept SVG), apple-touch-icon.png (180×180),
// favicon-32.png, and favicon.ico (16, 32 and 48 px PNGs in an icon file: what browsers and crawlers ask for
// by default at /favicon.ico). Run: npx tsx scripts/render-brand-images.ts [file…] (all of them by default).
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { launchBrowser } from '../e2e/support/browser'

const PUBLIC = join(import.meta.dirname, '..', 'web', 'public')
const LOGO = `<svg viewBox="0 0 64 64" xmlns="http://www.w3.org/2000/svg"><rect width="64" height="64" rx="14" fill="#7c3aed"/><path d="M18 40l14-22 14 22H18z" fill="#fde68a"/><circle cx="32" cy="44" r="6" fill="#fff"/></svg>`

const row = (n: number, name: string, note: string, next = false) => `
  <div class="row ${next ? 'next' : ''}"><span class="pos">${n}</span><span class="name">${name}</span><span class="note">${note}</span></div>`

/** The preview image's words, in each language (web/app/document.ts names the image per page language). */
const OG_TEXT = {
  pt: {
    lang: 'pt-BR',
    title: 'Filas de loot justas para a sua guild',
    line: 'Uma fila por item · histórico de cada entrega · página pública ao vivo',
    item: 'Lâmina do Dragão',
    rarity: 'Lendário',
    next: 'Próximo',
    received: (n: number) => `Recebeu ${n}`,
  },
  en: {
    lang: 'en-US',
    title: 'Fair loot queues for your guild',
    line: 'One queue per item · a history of every award · a live public page',
    item: 'Dragon Blade',
    rarity: 'Legendary',
    next: 'Next',
    received: (n: number) => `Received ${n}`,
  },
}

const OG = (text: (typeof OG_TEXT)['pt']) => `<!doctype html><html lang="${text.lang}"><head><style>
  * { box-sizing: border-box; margin: 0 }
  body { width: 1200px; height: 630px; font-family: 'Liberation Sans', 'DejaVu Sans', Arial, sans-serif;
    background: radial-gradient(900px 500px at 85% 0%, #6d28d9 0%, transparent 70%), #1c1630; color: #f5f3ff;
    display: flex; align-items: center; gap: 56px; padding: 72px; }
  .copy { flex: 1.2 }
  .brand { display: flex; align-items: center; gap: 18px; font-size: 44px; font-weight: 700 }
  .brand svg { width: 72px; height: 72px }
  h1 { margin-top: 40px; font-size: 60px; line-height: 1.1; letter-spacing: -1px }
  p { margin-top: 24px; font-size: 28px; color: #ddd6fe }
  .card { flex: 1; background: #f8f7ff; color: #1e1b2e; border-radius: 24px; padding: 28px; box-shadow: 0 20px 60px #0008 }
  .item { font-size: 26px; font-weight: 700; display: flex; justify-content: space-between; align-items: center }
  .badge { font-size: 18px; background: #fbbf24; border-radius: 8px; padding: 4px 10px }
  .row { display: flex; align-items: center; gap: 14px; margin-top: 14px; padding: 12px; border: 2px solid #e4e1f0; border-radius: 14px; font-size: 22px }
  .row.next { border-color: #7c3aed; background: #f1ebff }
  .pos { width: 38px; height: 38px; border-radius: 50%; background: #e9e5f5; display: grid; place-items: center; font-weight: 700 }
  .next .pos { background: #7c3aed; color: #fff }
  .name { flex: 1; font-weight: 600 } .note { font-size: 17px; color: #5b5670 }
</style></head><body>
  <div class="copy">
    <div class="brand">${LOGO}LootQueue</div>
    <h1>${text.title}</h1>
    <p>${text.line}</p>
  </div>
  <div class="card">
    <div class="item">${text.item} <span class="badge">${text.rarity}</span></div>
    ${row(1, 'Aeryn', text.next, true)}${row(2, 'Thoradin', text.received(1))}${row(3, 'Lyssa', text.received(2))}
  </div>
</body></html>`

const ICON = (size: number) =>
  `<!doctype html><html><body style="margin:0;width:${size}px;height:${size}px">${LOGO.replace('<svg', `<svg width="${size}" height="${size}"`)}</body></html>`

/**
 * An icon file (.ico) holding PNG images, one per size: the format every browser reads (PNG inside an icon
 * since Windows Vista), written by hand: a 6-byte header, a 16-byte entry per image, then the images.
 */
function icoOf(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2) // an icon
  header.writeUInt16LE(images.length, 4)
  let offset = header.length
  images.forEach(({ size, png }, index) => {
    const entry = 6 + 16 * index
    header.writeUInt8(size >= 256 ? 0 : size, entry) // width (0: 256)
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1) // height
    header.writeUInt8(0, entry + 2) // no palette
    header.writeUInt8(0, entry + 3)
    header.writeUInt16LE(1, entry + 4) // colour planes
    header.writeUInt16LE(32, entry + 6) // bits per pixel
    header.writeUInt32LE(png.length, entry + 8)
    header.writeUInt32LE(offset, entry + 12)
    offset += png.length
  })
  return Buffer.concat([header, ...images.map((image) => image.png)])
}

const ICO_SIZES = [16, 32, 48]
const wanted = new Set(process.argv.slice(2))
const browser = await launchBrowser()
try {
  const shoot = async (html: string, width: number, height: number, transparent: boolean) => {
    const page = await browser.newPage({ viewport: { width, height } })
    await page.setContent(html)
    const png = await page.screenshot({ omitBackground: transparent })
    await page.close()
    return png
  }
  const shots: [string, () => Promise<Buffer>][] = [
    ['og-image.png', () => shoot(OG(OG_TEXT.pt), 1200, 630, false)],
    ['og-image-en.png', () => shoot(OG(OG_TEXT.en), 1200, 630, false)],
    ['apple-touch-icon.png', () => shoot(ICON(180).replace('rx="14"', 'rx="0"'), 180, 180, false)],
    ['favicon-32.png', () => shoot(ICON(32), 32, 32, true)],
    [
      'favicon.ico',
      async () => {
        const images = []
        for (const size of ICO_SIZES) images.push({ size, png: await shoot(ICON(size), size, size, true) })
        return icoOf(images)
      },
    ],
  ]
  for (const [file, make] of shots) {
    if (wanted.size > 0 && !wanted.has(file)) continue
    writeFileSync(join(PUBLIC, file), await make())
    console.log(`wrote web/public/${file}`)
  }
} finally {
  await browser.close()
}
