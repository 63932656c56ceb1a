import { gzipSync } from 'node:zlib'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser } from '../e2e/support/browser'
import { type RunningServer, startServer } from '../e2e/support/server'

// What the page-measuring scripts (measure-landing.ts, measure-public.ts, the public-page bench) read from
// headless Chromium.

export type ScriptLoad = { file: string; raw: number; gzip: number }

/** The JavaScript files the page downloads (path, raw and gzip bytes). */
export function recordScripts(page: Page): ScriptLoad[] {
  const scripts: ScriptLoad[] = []
  page.on('response', async (res) => {
    if (!res.url().endsWith('.js')) return
    const body = await res.body().catch(() => null)
    if (body)
      scripts.push({ file: new URL(res.url()).pathname, raw: body.length, gzip: gzipSync(body).length })
  })
  return scripts
}

export type PaintMetrics = { lcp: number; element: string; fcp: number; cls: number }

/**
 * Runs in the page (`page.evaluate(paintMetrics)`): the Largest Contentful Paint (ms, and what it painted),
 * the First Contentful Paint and the layout shift so far, read after 500 ms more for late entries.
 */
export const paintMetrics = () =>
  new Promise<PaintMetrics>((resolve) => {
    let lcp = 0
    let element = ''
    let cls = 0
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { element?: Element })[]) {
        lcp = e.startTime
        element = e.element
          ? `<${e.element.tagName.toLowerCase()}> ${e.element.textContent?.slice(0, 40)}`
          : ''
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true })
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number })[]) cls += e.value
    }).observe({ type: 'layout-shift', buffered: true })
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0
    setTimeout(() => resolve({ lcp, element, fcp, cls }), 500)
  })

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** Starts the built app and a browser, measures `runs` times, stops both. */
export async function measureBuiltApp(
  runs: number,
  measure: (setting: { server: RunningServer; browser: Browser; runs: number }) => Promise<void>,
) {
  const [server, browser] = await Promise.all([startServer(), launchBrowser()])
  try {
    await measure({ server, browser, runs })
  } finally {
    await browser.close()
    await server.stop()
  }
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(2)} KiB`

/** Prints the scripts, one a line (path, raw and gzip size), and their total; `goal` adds a verdict. */
export function printScripts(scripts: ScriptLoad[], goal?: { gzipKiB: number }) {
  for (const s of scripts)
    console.log(`  ${s.file.padEnd(44)} ${kib(s.raw).padStart(12)}  gzip ${kib(s.gzip)}`)
  const raw = scripts.reduce((n, s) => n + s.raw, 0)
  const gzip = scripts.reduce((n, s) => n + s.gzip, 0)
  const verdict = goal
    ? ` (goal ≤ ${goal.gzipKiB} KiB: ${gzip <= goal.gzipKiB * 1024 ? 'PASS' : 'MISS'})`
    : ''
  console.log(`  ${'total'.padEnd(44)} ${kib(raw).padStart(12)}  gzip ${kib(gzip)}${verdict}`)
}
