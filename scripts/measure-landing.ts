// Measures the landing page as a first-time visitor gets it: the JavaScript it downloads (raw and gzip) and the
// Largest Contentful Paint in headless Chromium, unthrottled and on an emulated mid-range phone on 4G.
// Run after `npm run build`: npx tsx scripts/measure-landing.ts [runs] [path] (path: '/' by default; '/faq'
// measures the FAQ, issue 45's other goal).
import type { Browser } from 'playwright-core'
import { measureBuiltApp, median, paintMetrics, printScripts, recordScripts } from './page-measures'

type Profile = { name: string; cpu: number; network?: { latency: number; down: number; up: number } }
const PROFILES: Profile[] = [
  { name: 'localhost, no throttling', cpu: 1 },
  // Lighthouse's mobile preset: 4× slower CPU, 150 ms RTT, 1.6 Mbps down, 750 kbps up.
  {
    name: 'phone on 4G (4× CPU, 150 ms, 1.6 Mbps)',
    cpu: 4,
    network: { latency: 150, down: 200_000, up: 94_000 },
  },
]

const PATH = process.argv[3] ?? '/'

async function load(browser: Browser, baseURL: string, profile: Profile) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 412, height: 823 },
    locale: 'pt-BR',
  })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu })
  if (profile.network) {
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.network.latency,
      downloadThroughput: profile.network.down,
      uploadThroughput: profile.network.up,
    })
  }
  const scripts = recordScripts(page)
  await page.goto(PATH, { waitUntil: 'networkidle', timeout: 120_000 })
  await page.locator('h1').waitFor({ timeout: 120_000 })
  const paint = await page.evaluate(paintMetrics)
  // When the chunks on the way to the first paint arrived: the entry, the route, the route's texts.
  const loaded = await page.evaluate(() => {
    const arrived: Record<string, number> = {}
    for (const r of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
      const file = r.name.split('/').pop()!
      if (/^(index|landing|public-shell)-.*\.js$/.test(file)) arrived[file] = Math.round(r.responseEnd)
    }
    return arrived
  })
  await context.close()
  return { ...paint, loaded, scripts }
}

await measureBuiltApp(Number(process.argv[2] ?? 5), async ({ server, browser, runs }) => {
  for (const profile of PROFILES) {
    const results = []
    for (let i = 0; i < runs; i++) results.push(await load(browser, server.url, profile))
    const first = results[0]!
    if (profile === PROFILES[0]) {
      console.log(`JavaScript loaded by ${PATH} (first visit):`)
      printScripts(first.scripts)
    }
    console.log(`\n${profile.name}, ${runs} cold loads (median):`)
    console.log(`  FCP ${median(results.map((r) => r.fcp)).toFixed(0)} ms`)
    console.log(`  LCP ${median(results.map((r) => r.lcp)).toFixed(0)} ms (element: ${first.element})`)
    console.log(`  CLS ${median(results.map((r) => r.cls)).toFixed(4)}`)
    for (const file of Object.keys(first.loaded)) {
      console.log(`  ${file} arrived at ${median(results.map((r) => r.loaded[file] ?? 0))} ms`)
    }
  }
})
