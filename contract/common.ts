import { z } from 'zod'

// Shapes shared by many endpoints. Plain zod: the web imports these too.

/**
 * The limit a value broke: `max` characters of a text (or entries of a list, or a number's highest value).
 * Where a form or an API client reads how much to cut (docs/decisions/004-request-hardening.md).
 */
const FieldLimitSchema = z.object({ max: z.number() })
export type FieldLimit = z.infer<typeof FieldLimitSchema>

/**
 * The limit a zod issue says was broken: a maximum's (zod's too_big: a text too long, a list too long, a
 * number too big), from the schema that defines it. Undefined for any other issue. The server's refusals
 * (`limits`) and the forms' own checks read it alike.
 */
export function issueLimit(issue: z.core.$ZodIssue): FieldLimit | undefined {
  return issue.code === 'too_big' ? { max: Number(issue.maximum) } : undefined
}

export const ErrorResponseSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
      /** Of the fields refused for being too long (too many, too big): the most each takes. */
      limits: z.record(z.string(), FieldLimitSchema).optional(),
    }),
  })
  .meta({ id: 'Error' })

export const IdParamSchema = z.object({ id: z.uuid() })

/**
 * A named schema (one with a meta id) or null. Not `.nullable()`: on a named schema, the OpenAPI generator
 * (zod-to-openapi) writes either the named schema itself as nullable, for every use of it, or
 * `allOf: [{ $ref }, { type: ['object', 'null'] }]`, which rejects null (issue 43: QueueChange.queue). A
 * union is written `anyOf: [{ $ref }, { type: 'null' }]`. server/test/openapi-document.test.ts holds it.
 */
export const orNull = <T extends z.ZodType>(schema: T) => z.union([schema, z.null()])

/** An error response for the OpenAPI document: the description says when (and which code) it is given. */
export const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorResponseSchema } },
})

/** The error responses every guild route can give, for the OpenAPI document. */
export const errorResponses = {
  400: errorResponse('Invalid input'),
  401: errorResponse('Not signed in'),
  403: errorResponse('Not allowed'),
  404: errorResponse('Not found in your guild'),
  409: errorResponse('Conflicts with the current state'),
} as const

type CommonErrorStatus = keyof typeof errorResponses

/** Some of the common error responses, for a route that can give only those (`errorsOf(401, 403)`). */
export function errorsOf<S extends CommonErrorStatus>(...statuses: S[]): Pick<typeof errorResponses, S> {
  return Object.fromEntries(statuses.map((s) => [s, errorResponses[s]])) as Pick<typeof errorResponses, S>
}

/** A Pro feature's routes (behind requirePro): the common errors and 402 SUBSCRIPTION_REQUIRED. */
export const proErrorResponses = {
  ...errorResponses,
  402: errorResponse('Needs an active subscription or a live trial'),
} as const

/**
 * Control characters (Unicode Cc) other than tab and newline, and lone surrogates (half of an emoji's pair:
 * Cs, once the string is read by code point). None of them is typed by a person; NUL is refused by
 * PostgreSQL (a 500), the rest of Cc hide text or break lines in CSV files and logs, and a lone surrogate is
 * stored as U+FFFD, so two names that differ by one were told apart here and then collided in the database.
 * See docs/decisions/004-request-hardening.md.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u0008\u000B-\u001F\u007F-\u009F\p{Cs}]*$/u

/** Any text the API accepts: a string without control characters ('controlCharacters' otherwise). */
export const text = () => z.string().regex(NO_CONTROL_CHARACTERS, 'controlCharacters')

/** Free text typed by a person: Windows line ends become '\n' (textareas send '\n' already). */
const typedText = () =>
  z
    .string()
    .overwrite((v) => v.replace(/\r\n/g, '\n'))
    .regex(NO_CONTROL_CHARACTERS, 'controlCharacters')

const trimmedOrNull = (v: string | null | undefined) => {
  const trimmed = v?.trim()
  return trimmed ? trimmed : null
}

/** Optional text: trimmed, and empty becomes null. */
export const optionalText = (max: number) =>
  typedText().max(max, 'tooLong').nullish().transform(trimmedOrNull)

/**
 * Text that a PUT replaces whole: trimmed, empty or null clears it, and a body without the field is refused
 * ('required'), so a misspelt field name never clears what was saved.
 */
export const clearableText = (max: number) =>
  typedText().max(max, 'tooLong').nullable().transform(trimmedOrNull)

/** Required text, trimmed. Its field's refusals are codes ('required', 'tooLong'), never a library's English. */
export const requiredText = (max: number) => typedText().trim().min(1, 'required').max(max, 'tooLong')

/**
 * A name (a player, an item, a guild, a rank, a night, a person): required text on one line, each run of
 * whitespace one space. A spreadsheet's two cells pasted as one line bring a tab, which a screen shows as a
 * space: "Heitor<TAB>Healer" was stored as typed, reached CSV files and Discord with its tab, and let a second
 * "Heitor Healer" in beside it (an outside test, 2026-12-07).
 */
export const nameText = (max: number) =>
  typedText()
    .overwrite((v) => v.replace(/\s+/gu, ' '))
    .trim()
    .min(1, 'required')
    .max(max, 'tooLong')

/** Instants the API accepts: ISO 8601 with an offset, between 2000 and 9999 (PostgreSQL has no year 0). */
export const instant = () =>
  z.iso.datetime({ offset: true }).refine((v) => {
    const ms = Date.parse(v)
    return ms >= MIN_INSTANT && ms <= MAX_INSTANT
  }, 'outOfRange')
const MIN_INSTANT = Date.UTC(2000, 0, 1)
const MAX_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999)
