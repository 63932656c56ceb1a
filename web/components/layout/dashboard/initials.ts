/** A letter (of any script), not an emoji, a symbol or punctuation. */
const LETTER = /\p{L}/u

/**
 * Avatar: first letters of the display name's words (at most 2), else the e-mail's first 2, else 'U'. Only
 * letters count: a word without one ("🛡️", "-") is skipped, and a word's first letter is taken past anything
 * before it ("(Ana)"), so "Ana 🛡️ Oficial" is "AO", not "A🛡".
 */
export function initialsOf(displayName: string | null | undefined, email?: string | null): string {
  const firstLetter = (word: string) => Array.from(word).find((char) => LETTER.test(char))
  const initials = (displayName ?? '')
    .normalize('NFC')
    .trim()
    .split(/\s+/)
    .map(firstLetter)
    .filter((letter): letter is string => letter !== undefined)
  if (initials.length > 0) return initials.slice(0, 2).join('').toUpperCase()
  const mail = Array.from((email ?? '').normalize('NFC')).filter((char) => LETTER.test(char))
  if (mail.length > 0) return mail.slice(0, 2).join('').toUpperCase()
  return 'U'
}
