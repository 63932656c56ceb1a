/** A letter or a digit, of any script: not an emoji, a symbol or punctuation. */
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u
/** Markup typed into a name ("<b>Ana</b>", "&lt;3"): its tags and entities are no part of the name's words. */
const MARKUP = /<\/?[a-z][^<>]*>|&(?:#\d+|#x[\da-f]+|[a-z]+);/gi

/**
 * Avatar: first letters or digits of the display name's words (at most 2), else the e-mail's first 2, else
 * none (the avatar then shows a person icon). Only letters and digits count, markup aside: a word without
 * one ("🛡️", "-") is skipped, and a word's first one is taken past anything before it ("(Ana)"), so
 * "Ana 🛡️ Oficial" is "AO", not "A🛡", and "<b>Ana</b> 🐉" is "A", not "<" or "B".
 */
export function initialsOf(displayName: string | null | undefined, email?: string | null): string {
  const firstOne = (word: string) => Array.from(word).find((char) => LETTER_OR_DIGIT.test(char))
  const initials = (displayName ?? '')
    .normalize('NFC')
    .replace(MARKUP, '')
    .trim()
    .split(/\s+/)
    .map(firstOne)
    .filter((char): char is string => char !== undefined)
  if (initials.length > 0) return initials.slice(0, 2).join('').toUpperCase()
  const mail = Array.from((email ?? '').normalize('NFC')).filter((char) => LETTER_OR_DIGIT.test(char))
  return mail.slice(0, 2).join('').toUpperCase()
}
