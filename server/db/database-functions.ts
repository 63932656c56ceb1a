import { fileURLToPath } from 'node:url'

/**
 * Where each database function's one current source lives: `<name>.sql`, a `CREATE OR REPLACE` statement
 * (or the block that writes one). A migration that changes a function copies that file's text
 * (`npm run db:functions`, scripts/db-functions.ts); database-functions.test.ts checks that a migrated
 * database holds exactly what the files say.
 */
export const functionsFolder = fileURLToPath(new URL('./functions', import.meta.url))
