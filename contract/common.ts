import { z } from 'zod'

// Shapes shared by many endpoints. Plain zod: the web imports these too.
export const ErrorResponseSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .meta({ id: 'Error' })

export const IdParamSchema = z.object({ id: z.uuid() })

const errorContent = { 'application/json': { schema: ErrorResponseSchema } }
/** The error responses every guild route can give, for the OpenAPI document. */
export const errorResponses = {
  400: { description: 'Invalid input', content: errorContent },
  401: { description: 'Not signed in', content: errorContent },
  403: { description: 'Not allowed', content: errorContent },
  404: { description: 'Not found in your guild', content: errorContent },
  409: { description: 'Conflicts with the current state', content: errorContent },
} as const

/** Optional text: trimmed, and empty becomes null (spec §5). */
export const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => {
      const trimmed = v?.trim()
      return trimmed ? trimmed : null
    })

export const requiredText = (max: number) => z.string().trim().min(1, 'required').max(max)
