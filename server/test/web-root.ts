import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'

/**
 * A stand-in for the built web app (dist/web) in tests of the server's pages: a temporary folder with an
 * index.html (`head` added to its head) and an empty assets folder, removed after the file's tests. The pages
 * are rendered by the web app's own rendering from its source (createApp's `pageRenderer`).
 */
export function testWebRoot(name: string, head = ''): string {
  const webRoot = mkdtempSync(join(tmpdir(), `lq-${name}-`))
  mkdirSync(join(webRoot, 'assets'))
  writeFileSync(
    join(webRoot, 'index.html'),
    `<!doctype html><html lang="pt-BR"><head><title>LootQueue</title><!--lq-head-->${head}</head>` +
      '<body><div id="root"></div></body></html>',
  )
  afterAll(() => rmSync(webRoot, { recursive: true, force: true }))
  return webRoot
}
