import type { z } from 'zod'

// A VALIDATION_FAILED answer names each refused field with a code (docs/decisions/004-request-hardening.md):
// the contract's own refusals are codes already ('tooLong', 'controlCharacters', 'invalidTimeZone'); zod's
// built-in checks say English sentences ("Invalid input: expected string, received number"), which reached
// API clients as field messages, in English whatever the language asked. They become codes of their kind.

/** A message that is a code: one word of letters and underscores. */
const CODE = /^[A-Za-z_]+$/

/** The value at `path` in what was sent (undefined when any step is missing). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<PropertyKey, unknown>)[key]
  }
  return value
}

/** The code of a refused field: its schema's own, or one named after zod's kind of issue. */
export function fieldCode(issue: z.core.$ZodIssue, input: unknown): string {
  if (CODE.test(issue.message)) return issue.message
  switch (issue.code) {
    case 'invalid_type':
      return valueAt(input, issue.path) === undefined ? 'required' : 'invalidType'
    case 'invalid_format':
      return 'invalidFormat'
    case 'too_big':
      return issue.origin === 'string' ? 'tooLong' : issue.origin === 'array' ? 'tooMany' : 'tooBig'
    case 'too_small':
      return issue.origin === 'string' ? 'tooShort' : issue.origin === 'array' ? 'tooFew' : 'tooSmall'
    case 'invalid_value':
      return 'invalidValue'
    case 'unrecognized_keys':
      return 'unknownField'
    default:
      return 'invalid'
  }
}
