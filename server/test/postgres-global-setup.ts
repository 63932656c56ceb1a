import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openPostgres } from '../db/client'
import { type Cluster, findPostgresBin, startCluster } from './postgres-cluster'

declare module 'vitest' {
  export interface ProvidedContext {
    postgresBaseUrl: string
  }
}

export const TEMPLATE_DB = 'lq_template'

/**
 * Starts a throwaway cluster (or uses TEST_DATABASE_URL), migrates a template database once;
 * each test file then clones it (CREATE DATABASE … TEMPLATE), which takes milliseconds.
 */
export default async function setup(project: TestProject) {
  let cluster: Cluster | undefined
  let adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) {
    // Reached without binaries only in CI (vitest.config.ts): fail loudly rather than skip half the suite.
    if (findPostgresBin() === null)
      throw new Error(
        'CI needs PostgreSQL for the server:postgres tests: no initdb found and no TEST_DATABASE_URL. ' +
          'Install it (apt-get install -y postgresql; .ci/run does) or set TEST_DATABASE_URL.',
      )
    cluster = await startCluster()
    adminUrl = cluster.url('postgres')
  }
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB}`)
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`)
  await admin.end()
  const templateUrl = withDatabase(adminUrl, TEMPLATE_DB)
  const template = await openPostgres(templateUrl, { max: 1 })
  await template.close()
  project.provide('postgresBaseUrl', adminUrl)
  return () => cluster?.stop()
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}
