import { readFileSync } from 'node:fs'
import { join } from 'node:path'

// The app fetches its texts as files (web/lib/fetch-texts.ts); in web tests, where no server runs, they come
// from the same files on disk. The web project's setup (./setup.ts) and the API stand-in (./render.tsx) both
// answer a locale file's address this way.

const root = join(import.meta.dirname, '..', 'locales')

/** The locale file `url` names, as a response; null for any other address. */
export function localeFileResponse(url: string): Response | null {
  const file = /\/locales\/(\w+)\/(\w+)\.json(\?|$)/.exec(url)
  if (!file) return null
  try {
    return new Response(readFileSync(join(root, file[1]!, `${file[2]}.json`)), {
      headers: { 'content-type': 'application/json' },
    })
  } catch {
    return new Response(null, { status: 404 })
  }
}
