/** Avatar: first letters of the display name's words (at most 2), else the e-mail's first 2, else 'U'. */
export function initialsOf(displayName: string | null | undefined, email?: string | null): string {
  const words = (displayName ?? '').trim().split(/\s+/).filter(Boolean)
  if (words.length > 0) {
    return words
      .slice(0, 2)
      .map((word) => Array.from(word)[0]!.toUpperCase())
      .join('')
  }
  const mail = (email ?? '').trim()
  if (mail) return Array.from(mail).slice(0, 2).join('').toUpperCase()
  return 'U'
}
