import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { openPglite } from '../db/client'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string
  }
}

/**
 * Migrates one embedded database and keeps its data folder as a tar; each test file then starts from that
 * tar instead of running every migration again (seconds per file on a two-core machine). The PostgreSQL
 * project does the same with a template database (postgres-global-setup.ts).
 */
export default async function setup(project: TestProject) {
  const folder = await mkdtemp(join(tmpdir(), 'lq-pglite-template-'))
  const path = join(folder, 'migrated.tar')
  const database = await openPglite()
  const tar = await database.snapshot!()
  await database.close()
  await writeFile(path, Buffer.from(await tar.arrayBuffer()))
  project.provide('pgliteTemplatePath', path)
  return () => rm(folder, { recursive: true, force: true })
}
