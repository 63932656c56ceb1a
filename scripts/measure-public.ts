// Measures the public guild page as a raider who already entered the password gets it on a cold cache
// (scripts/bench/public-page.ts): the JavaScript before the first queue row, per file, and the desktop LCP.
// Not a test: numbers go in issue notes; `npm run bench` holds them to issue 13's goals. Run after
// `npm run build`: npx tsx scripts/measure-public.ts [runs]
import { readFileSync } from 'node:fs'
import { measurePublicPage, PUBLIC_PAGE_GOALS } from './bench/public-page'
import { measureBuiltApp, printScripts } from './page-measures'

await measureBuiltApp(Number(process.argv[2] ?? 5), async ({ server, browser, runs }) => {
  const measured = await measurePublicPage({ server, browser, runs })
  console.log(`JavaScript loaded by /guilds/<slug> before the first queue shows (first visit):`)
  console.log(
    `  (first queue row ${measured.fromHtml ? 'in the HTML: no script ran before it' : 'rendered by scripts'})`,
  )
  printScripts(measured.scripts, { gzipKiB: PUBLIC_PAGE_GOALS.gzipKiB })
  console.log('JavaScript loaded until the page is hydrated and live:')
  printScripts(measured.hydration)
  const { lcpMs } = measured
  const verdict = lcpMs <= PUBLIC_PAGE_GOALS.lcpMs ? 'PASS' : 'MISS'
  console.log(`desktop 1350×940, ${runs} cold loads (median):`)
  console.log(
    `  LCP ${lcpMs.toFixed(0)} ms (goal ≤ ${PUBLIC_PAGE_GOALS.lcpMs} ms: ${verdict}; element: ${measured.element})`,
  )
  console.log(`  first queue row in the page after ${measured.shownMs.toFixed(0)} ms (from navigation)`)
  console.log(`  load average ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}`)
})
