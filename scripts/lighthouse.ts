// Lighthouse 12.2.3 (mobile) over the pages of issue 45, on the built app (`npm run build` first), in
// Debian's Chromium: the median of each score over `runs` (default 3), per page. `--why` also prints what
// scored under 90 in the last run. Not a test: figures for issue notes; e2e/lighthouse.e2e.ts
// keeps CI's floor.
//   node --import tsx scripts/lighthouse.ts [runs] [--why] [--only=landing,FAQ]
import { readFileSync } from 'node:fs'
import { startServer } from '../e2e/support/server'
import { median } from './page-measures'
import {
  audit,
  auditedPages,
  CATEGORIES,
  launchAuditBrowser,
  type Scores,
  seedAuditGuild,
} from './lighthouse/audit'

const runs = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 3)
const why = process.argv.includes('--why')
/** `--only=landing,FAQ`: those pages alone. */
const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice(7)
  .split(',')
const server = await startServer()
const chrome = await launchAuditBrowser()
try {
  const guild = await seedAuditGuild(server.url)
  console.log(`Lighthouse 12.2.3, mobile preset, median of ${runs} runs per page`)
  console.log(
    `${'page'.padEnd(20)} ${CATEGORIES.map((c) => c.padStart(15)).join('')}   LCP and blocking time (simulated)`,
  )
  for (const page of auditedPages(guild).filter((p) => !only || only.includes(p.name))) {
    const results: Scores[] = []
    for (let i = 0; i < runs; i++) results.push(await audit(chrome.port, server.url + page.path, page.cookie))
    const scores = CATEGORIES.map((c) => String(median(results.map((r) => r[c]))).padStart(15)).join('')
    const lcp = median(results.map((r) => r.lcpMs))
    const tbt = median(results.map((r) => r.tbtMs))
    console.log(`${page.name.padEnd(20)} ${scores}   ${(lcp / 1000).toFixed(2)} s   ${tbt} ms`)
    if (why) for (const line of results.at(-1)!.failed) console.log(`    ${line}`)
  }
  console.log(`load average ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}`)
} finally {
  chrome.kill()
  await server.stop()
}
