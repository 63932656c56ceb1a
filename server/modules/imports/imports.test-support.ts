import { eq, sql } from 'drizzle-orm'
import type { ImportPreview, ImportRequest } from '../../../contract/imports'
import { auditLogs, items, lootHistory, playerQueues, players } from '../../db/schema'
import type { Actor } from '../../test/factories'
import type { TestContext } from '../../test/harness'

export type TestFile = { name: string; content: string }

/** A CSV file as a spreadsheet saves it: lines joined with CRLF. */
export const csv = (name: string, lines: string[]): TestFile => ({
  name,
  content: `${lines.join('\r\n')}\r\n`,
})

export async function preview(actor: Actor, files: TestFile[], extra: Partial<ImportRequest> = {}) {
  const res = await actor.request('POST', '/api/v1/guild/import/preview', { files, ...extra })
  return { status: res.status, body: (await res.json()) as ImportPreview & { error?: { code: string } } }
}

export async function runImport(actor: Actor, files: TestFile[], extra: Partial<ImportRequest> = {}) {
  const res = await actor.request('POST', '/api/v1/guild/import', { files, ...extra })
  return { status: res.status, body: await res.json() }
}

/** Rows of each table the import writes, for one guild: "nothing written" compares these. */
export async function guildRowCounts(ctx: TestContext, guildId: string) {
  const count = async (
    table: typeof players | typeof items | typeof playerQueues | typeof lootHistory | typeof auditLogs,
  ) => {
    const [row] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(eq(table.guildId, guildId))
    return row!.n
  }
  return {
    players: await count(players),
    items: await count(items),
    queues: await count(playerQueues),
    history: await count(lootHistory),
    audit: await count(auditLogs),
  }
}
