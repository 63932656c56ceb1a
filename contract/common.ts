import { z } from '@hono/zod-openapi'

// Shapes shared by many endpoints.
export const ErrorResponseSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: 'NOT_FOUND' }),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .openapi('Error')

export const IdParamSchema = z.object({ id: z.uuid() })

export const errorResponses = {
  400: { description: 'Invalid input', content: { 'application/json': { schema: ErrorResponseSchema } } },
  401: { description: 'Not signed in', content: { 'application/json': { schema: ErrorResponseSchema } } },
  403: { description: 'Not allowed', content: { 'application/json': { schema: ErrorResponseSchema } } },
  404: {
    description: 'Not found in your guild',
    content: { 'application/json': { schema: ErrorResponseSchema } },
  },
} as const
