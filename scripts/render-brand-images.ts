// Renders the PNG brand images in web/public from HTML with the machine's headless Chromium:
// og-image.png (1200×630, for link previews: social networks do not accept SVG), apple-touch-icon.png (180×180)
// and favicon-32.png. Run: npx tsx scripts/render-brand-images.ts
import { join } from 'node:path'
import { launchBrowser } from '../e2e/support/browser'

const PUBLIC = join(import.meta.dirname, '..', 'web', 'public')
const LOGO = `<svg viewBox="0 0 64 64" xmlns="http://www.w3.org/2000/svg"><rect width="64" height="64" rx="14" fill="#7c3aed"/><path d="M18 40l14-22 14 22H18z" fill="#fde68a"/><circle cx="32" cy="44" r="6" fill="#fff"/></svg>`

const row = (n: number, name: string, note: string, next = false) => `
  <div class="row ${next ? 'next' : ''}"><span class="pos">${n}</span><span class="name">${name}</span><span class="note">${note}</span></div>`

const OG = `<!doctype html><html><head><style>
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
    <h1>Filas de loot justas para a sua guild</h1>
    <p>Uma fila por item · histórico de cada entrega · página pública ao vivo</p>
  </div>
  <div class="card">
    <div class="item">Lâmina do Dragão <span class="badge">Lendário</span></div>
    ${row(1, 'Aeryn', 'Próximo', true)}${row(2, 'Thoradin', 'Recebeu 1')}${row(3, 'Lyssa', 'Recebeu 2')}
  </div>
</body></html>`

const ICON = (size: number) =>
  `<!doctype html><html><body style="margin:0;width:${size}px;height:${size}px">${LOGO.replace('<svg', `<svg width="${size}" height="${size}"`)}</body></html>`

const browser = await launchBrowser()
try {
  const shots: [string, string, number, number, boolean][] = [
    ['og-image.png', OG, 1200, 630, false],
    ['apple-touch-icon.png', ICON(180).replace('rx="14"', 'rx="0"'), 180, 180, false],
    ['favicon-32.png', ICON(32), 32, 32, true],
  ]
  for (const [file, html, width, height, transparent] of shots) {
    const page = await browser.newPage({ viewport: { width, height } })
    await page.setContent(html)
    await page.screenshot({ path: join(PUBLIC, file), omitBackground: transparent })
    await page.close()
    console.log(`wrote web/public/${file}`)
  }
} finally {
  await browser.close()
}
