// One cookie of a request, by name, as sent (no decoding: the app's cookies are plain tokens). A header
// holds every cookie of the site; looking for one costs less than parsing them all, on paths that every
// request takes (the session, the public page's access, the language).

/** The value of cookie `name` in a Cookie header, or undefined when absent or empty. */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  if (!header?.includes(name)) return undefined
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      let value = part.slice(eq + 1).trim()
      // RFC 6265 allows a value in double quotes.
      if (value.length > 1 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1)
      return value || undefined
    }
  }
  return undefined
}
