// How the app fetches a locale file (web/lib/language.ts, for every page): as JSON data, tried up to
// TEXT_TRIES times, so a network blip never leaves raw keys on screen. Data, not a script module: a browser remembers a module import that failed and never fetches it
// again (whatwg/html issue 6768), so an import() of the texts could not be retried.

/** The specification's "translation loading retries up to 5 times": five tries in all. */
export const TEXT_TRIES = 5
/** The pause before each try after the first: a phone that lost the network for a moment, 7.5 s in all. */
export const TEXT_RETRY_DELAYS_MS = [500, 1000, 2000, 4000]

export async function fetchTexts(url: string): Promise<Record<string, unknown>> {
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(url)
      if (!res.ok) throw new Error(`${url}: ${res.status}`)
      return (await res.json()) as Record<string, unknown>
    } catch (error) {
      if (attempt >= TEXT_TRIES) throw error
      await new Promise((resume) => setTimeout(resume, TEXT_RETRY_DELAYS_MS[attempt - 1]))
    }
  }
}
