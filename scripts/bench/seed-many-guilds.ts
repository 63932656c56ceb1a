import { sql } from 'drizzle-orm'
import type { Database } from '../../server/db/client'

// Many guilds in one database, in a few set-based statements (issue 44: "seed with set-based SQL, not the
// API"). Each guild as the issue shapes it: 30 players, 10 items, every player in every item's queue (300
// entries), 500 loot history rows, and one admin, who handed out every item of the history. Names look like a
// game's: players' from syllables, so they differ between guilds (a search finds few outside its guild); items'
// from a pool of 200 that every guild shares (games drop the same items, so an item's name is in thousands of
// guilds' histories). Guild n is 'Guild n' at /g/guild-n, public behind `password`. Used by the
// ten-thousand-guilds bench (many-guilds.bench.ts) and the cache memory script (scripts/cache-memory.ts).

export const GUILD_SHAPE = { players: 30, items: 10, historyRows: 500 } as const

const SYLLABLES = [
  'al',
  'bra',
  'cor',
  'dun',
  'el',
  'fen',
  'gar',
  'hal',
  'ith',
  'jor',
  'kal',
  'lor',
  'mor',
  'nar',
  'os',
  'pel',
  'quin',
  'ros',
  'syl',
  'thar',
]
const ADJECTIVES = [
  'Ancient',
  'Blazing',
  'Cursed',
  'Dread',
  'Eternal',
  'Frozen',
  'Gilded',
  'Hallowed',
  'Iron',
  'Jade',
  'Kingly',
  'Lunar',
  'Molten',
  'Night',
  'Obsidian',
  'Primal',
  'Runed',
  'Storm',
  'Thorned',
  'Void',
]
const NOUNS = ['Blade', 'Crown', 'Greaves', 'Helm', 'Idol', 'Mantle', 'Ring', 'Staff', 'Tome', 'Warglaive']

const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v}'`).join(', ')}]::text[]`)

/**
 * Guilds first…first + count - 1 (from 1 unless told), each shaped as GUILD_SHAPE (historyRows: 0 for none);
 * guild n's names depend on n alone, so guild n seeded alone is the same guild as in a crowd. Secondary indexes of the two big
 * tables are dropped while they fill and built again after, as a restore does: built whole, an index takes
 * a fraction of the time row-by-row inserts give it (the trigram ones most).
 */
export async function seedManyGuilds(
  database: Database,
  {
    count,
    first = 1,
    password,
    historyRows = GUILD_SHAPE.historyRows,
  }: { count: number; first?: number; password: string; historyRows?: number },
) {
  const run = (statement: ReturnType<typeof sql>) => database.db.execute(statement)
  const { players, items } = GUILD_SHAPE
  await run(sql`
    insert into guilds (name, slug, subscription_status, public_access_password, public_rules)
    select 'Guild ' || g, 'guild-' || g, 'active', ${password},
           'Be on time; the raid leader hands out the loot in queue order.'
    from generate_series(${first}::int, ${first + count - 1}::int) as g`)
  await run(sql`
    insert into "user" (id, email, name, email_verified)
    select 'seed-admin-' || g, 'admin-' || g || '@guilds.example', 'Admin ' || g, true
    from generate_series(${first}::int, ${first + count - 1}::int) as g`)
  await run(sql`
    insert into profiles (user_id, guild_id, display_name, role)
    select 'seed-admin-' || split_part(g.slug, '-', 2), g.id, 'Admin ' || split_part(g.slug, '-', 2),
           'guild_admin'
    from guilds g where g.slug like 'guild-%'`)
  // Player p (0…29) of guild n: syllables (p mod 20, varies by guild, by guild and p div 20): distinct
  // within the guild, and the middle one makes the same p differ from guild to guild.
  await run(sql`
    insert into players (guild_id, name)
    select g.id, initcap((${textArray(SYLLABLES)})[1 + p % 20]
                 || (${textArray(SYLLABLES)})[1 + (n * 7 + p * 3) % 20]
                 || (${textArray(SYLLABLES)})[1 + (2 * (n % 10) + p / 20) % 20])
    from (select id, split_part(slug, '-', 2)::int as n from guilds where slug like 'guild-%') g,
         generate_series(0, ${players - 1}) as p`)
  const pool = ADJECTIVES.length * NOUNS.length
  await run(sql`
    insert into items (guild_id, name, rarity, description)
    select g.id, (${textArray(ADJECTIVES)})[1 + ((n * 17 + i) % ${pool}) % ${ADJECTIVES.length}] || ' '
                 || (${textArray(NOUNS)})[1 + ((n * 17 + i) % ${pool}) / ${ADJECTIVES.length}],
           (array['rare', 'epic', 'legendary'])[1 + i % 3], 'Dropped by the last boss of the raid.'
    from (select id, split_part(slug, '-', 2)::int as n from guilds where slug like 'guild-%') g,
         generate_series(0, ${items - 1}) as i`)
  await withoutSecondaryIndexes(database, 'player_queues', () =>
    // Keys spaced as the app spaces them; the items' order is not marked sorted, as after an import.
    run(sql`
      insert into player_queues (guild_id, item_id, player_id, queue_position)
      select i.guild_id, i.id, p.id, 1024 * row_number() over (partition by i.id order by p.name)
      from items i join players p on p.guild_id = i.guild_id`),
  )
  if (historyRows > 0) {
    await withoutSecondaryIndexes(database, 'loot_history', () =>
      // Row h of a guild: its item h mod 10 and its player 7h mod 30, handed out by its admin, one award every
      // 17 hours back from now.
      run(sql`
        with numbered_items as (
          select id, guild_id, name, rarity, row_number() over (partition by guild_id order by name) - 1 as k
          from items),
        numbered_players as (
          select id, guild_id, name, row_number() over (partition by guild_id order by name) - 1 as k
          from players)
        insert into loot_history (guild_id, item_id, player_id, item_name, item_rarity, player_name, notes,
                                  previous_queue_position, distributed_by, distributed_at)
        select g.id, i.id, p.id, i.name, i.rarity, p.name, 'marked as received via queue', 1 + h % ${players},
               'seed-admin-' || split_part(g.slug, '-', 2), now() - h * interval '17 hours'
        from guilds g
        cross join generate_series(1, ${historyRows}) as h
        join numbered_items i on i.guild_id = g.id and i.k = h % ${items}
        join numbered_players p on p.guild_id = g.id and p.k = (7 * h) % ${players}
        where g.slug like 'guild-%'`),
    )
  }
}

/** Runs `fill` with `table`'s secondary indexes (neither primary nor unique) dropped, then builds them again. */
async function withoutSecondaryIndexes(database: Database, table: string, fill: () => Promise<unknown>) {
  const found = (await database.db.execute(sql`
    select c.relname as name, pg_get_indexdef(x.indexrelid) as definition
    from pg_index x join pg_class c on c.oid = x.indexrelid
    where x.indrelid = ${table}::regclass and not x.indisprimary and not x.indisunique`)) as unknown as {
    rows: { name: string; definition: string }[]
  }
  for (const index of found.rows) await database.db.execute(sql.raw(`drop index "${index.name}"`))
  await fill()
  for (const index of found.rows) await database.db.execute(sql.raw(index.definition))
}
