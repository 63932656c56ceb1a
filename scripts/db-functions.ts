// npm run db:functions -- <migration_name> <function> [<function> …]
//
// A new migration that (re)creates the named database functions from their one current source,
// server/db/functions/<function>.sql (docs/architecture.md, "Where a rule lives"). Edit the file first,
// then run this: drizzle-kit makes an empty custom migration (its journal entry and snapshot), and this
// fills it with the files' text, one statement each. A function whose arguments or result change needs a
// DROP FUNCTION above its CREATE: add it to the migration by hand (CREATE OR REPLACE cannot change them).
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { functionsFolder } from '../server/db/database-functions'
import { migrationsFolder } from '../server/db/client'

const [name, ...functions] = process.argv.slice(2)
if (!name || functions.length === 0) {
  console.error('usage: npm run db:functions -- <migration_name> <function> [<function> …]')
  process.exit(2)
}
const sources = functions.map((fn) => readFileSync(join(functionsFolder, `${fn}.sql`), 'utf8').trim())

const before = new Set(readdirSync(migrationsFolder))
execFileSync('npx', ['drizzle-kit', 'generate', '--custom', `--name=${name}`], { stdio: 'inherit' })
const created = readdirSync(migrationsFolder).filter((file) => !before.has(file) && file.endsWith('.sql'))
if (created.length !== 1) throw new Error(`expected one new migration, found ${created.join(', ') || 'none'}`)

const header =
  `-- The current text of ${functions.join(', ')}, from server/db/functions/ (npm run db:functions).`
    .replace(/(.{1,110})(?: |$)/g, '$1\n-- ')
    .replace(/\n-- $/, '')
writeFileSync(
  join(migrationsFolder, created[0]!),
  `${header}\n${sources.join('\n--> statement-breakpoint\n')}\n`,
)
console.log(`${created[0]}: ${functions.length} function(s) from server/db/functions/`)
