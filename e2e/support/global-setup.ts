import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { openPglite } from '../../server/db/client'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated embedded database folder (a DATA_DIR's `pglite`): each journey's server starts on a copy. */
    migratedPgliteDir: string
  }
}

/**
 * Runs the migrations once for all journeys instead of once per server start (seconds each on a busy
 * two-core machine). The process journeys start on empty folders, as a newcomer does.
 */
export default async function setup(project: TestProject) {
  const folder = await mkdtemp(join(tmpdir(), 'lq-e2e-template-'))
  const database = await openPglite(join(folder, 'pglite'))
  await database.close()
  project.provide('migratedPgliteDir', join(folder, 'pglite'))
  return () => rm(folder, { recursive: true, force: true })
}
