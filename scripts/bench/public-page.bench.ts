// The public page's goals of issue 13 (≤ 90 KiB gzip of JavaScript before the queue shows, LCP ≤ 1.0 s in
// headless desktop Chromium), on the built app as `npm start` serves it (scripts/bench/public-page.ts). The
// page and its scripts do not depend on the engine behind the API: measured once, in the PGlite pass.
import { CHROMIUM_PATH, launchBrowser } from '../../e2e/support/browser'
import { startServer } from '../../e2e/support/server'
import { measurePublicPage, PUBLIC_PAGE_GOALS } from './public-page'
import type { BenchContext } from './support'

const RUNS = 5

export default async function publicPageBench(bench: BenchContext) {
  if (bench.engine !== 'pglite') return
  const browser = await launchBrowser().catch(() => null)
  if (!browser) {
    // The journeys' browser (README: Debian's chromium): without it the goals stand unmeasured, a MISS.
    bench.lines.push({
      name: `public page: not measured, no Chromium at ${CHROMIUM_PATH}`,
      value: Number.NaN,
      unit: '',
      goal: 'measured',
      pass: false,
    })
    return
  }
  try {
    const server = await startServer()
    try {
      const measured = await measurePublicPage({ server, browser, runs: RUNS })
      const kib = measured.gzipBytes / 1024
      const files = measured.scripts.map((s) => s.file).join(', ')
      console.log(`[public-page] scripts before the first row: ${files}`)
      bench.lines.push({
        name: 'public page: JavaScript before the first queue row (gzip, first visit)',
        value: kib,
        unit: 'KiB',
        goal: `≤ ${PUBLIC_PAGE_GOALS.gzipKiB} KiB`,
        pass: kib <= PUBLIC_PAGE_GOALS.gzipKiB,
      })
      bench.lines.push({
        name: `public page: LCP, headless desktop 1350×940 (median of ${RUNS} cold loads)`,
        value: measured.lcpMs,
        unit: 'ms',
        goal: `≤ ${PUBLIC_PAGE_GOALS.lcpMs} ms`,
        pass: measured.lcpMs <= PUBLIC_PAGE_GOALS.lcpMs,
      })
    } finally {
      await server.stop()
    }
  } finally {
    await browser.close()
  }
}
