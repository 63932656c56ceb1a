import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

// The layout's rules that Biome keeps (biome.json, noRestrictedImports; docs/architecture.md): each case
// plants one file at a path of the repo's layout, in a scratch folder holding only biome.json, and lints it
// with the repo's Biome. A rule that stopped applying would let its planted file through.

const root = new URL('../..', import.meta.url).pathname
const scratch = mkdtempSync(join(tmpdir(), 'lq-boundaries-'))
copyFileSync(join(root, 'biome.json'), join(scratch, 'biome.json'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** Biome's verdict on `source` at `path`: whether it passes, and what it said. */
function lint(path: string, source: string) {
  mkdirSync(dirname(join(scratch, path)), { recursive: true })
  writeFileSync(join(scratch, path), source)
  const run = spawnSync(join(root, 'node_modules/.bin/biome'), ['lint', '--colors=off', path], {
    cwd: scratch,
    encoding: 'utf8',
  })
  return { passes: run.status === 0, said: run.stdout + run.stderr }
}

const FEATURE_IMPORT =
  "import { itemsQueryOptions } from '@web/features/items/api/get-items'\n\nexport const x = itemsQueryOptions\n"
const RELATIVE_FEATURE_IMPORT =
  "import { itemsQueryOptions } from '../../items/api/get-items'\n\nexport const x = itemsQueryOptions\n"
const SQL_IMPORT = "import { sql } from 'drizzle-orm'\n\nexport const x = sql\n"
const ROUTE_IMPORT = "import { createRoute } from '@hono/zod-openapi'\n\nexport const x = createRoute\n"

describe('import boundaries (biome.json)', () => {
  it.each([
    [
      'a web feature importing another feature',
      'web/features/players/components/planted.tsx',
      FEATURE_IMPORT,
    ],
    [
      'a web feature reaching another by a relative path',
      'web/features/players/components/planted.tsx',
      RELATIVE_FEATURE_IMPORT,
    ],
    ['shared web code importing a feature', 'web/components/planted.tsx', FEATURE_IMPORT],
    ['SQL outside a queries file', 'server/modules/items/items.service.ts', SQL_IMPORT],
    ['a route declared without declareRoutes', 'server/modules/items/items.routes.ts', ROUTE_IMPORT],
  ])('fails the lint on %s', (_, path, source) => {
    const verdict = lint(path, source)
    expect(verdict.passes, verdict.said).toBe(false)
    expect(verdict.said).toContain('noRestrictedImports')
  })

  it.each([
    [
      'a feature importing shared web code',
      'web/features/players/components/planted.tsx',
      "import { cn } from '@web/lib/cn'\n\nexport const x = cn\n",
    ],
    ['SQL in a queries file', 'server/modules/items/items.queries.ts', SQL_IMPORT],
    ['createRoute in the router helper', 'server/lib/router.ts', ROUTE_IMPORT],
  ])('lets through %s', (_, path, source) => {
    const verdict = lint(path, source)
    expect(verdict.passes, verdict.said).toBe(true)
  })
})
