import { OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../app-context'
import { AppError } from './app-error'

/** Every module's router: invalid input becomes VALIDATION_FAILED with one message per field. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        const fields: Record<string, string> = {}
        for (const issue of result.error.issues) {
          const key = issue.path.join('.') || '_'
          fields[key] ??= issue.message
        }
        throw new AppError('VALIDATION_FAILED', { fields })
      }
    },
  })
}

/** OpenAPI content of a JSON body or response. */
export const json = <T>(schema: T) => ({ 'application/json': { schema } })

/** An OpenAPI JSON response with its description. */
export const jsonResponse = <T>(schema: T, description: string) => ({ description, content: json(schema) })

/** An OpenAPI JSON request body; a route whose body may be left out says `required: false`. */
export const jsonBody = <T>(schema: T, { required = true } = {}) => ({ required, content: json(schema) })
