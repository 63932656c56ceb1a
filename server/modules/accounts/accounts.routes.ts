import { createRoute } from '@hono/zod-openapi'
import { SignupResultSchema, SignupSchema } from '../../../contract/accounts'
import { errorResponses } from '../../../contract/common'
import { createRouter, json } from '../../lib/router'
import { signUp } from './accounts.service'
import { limitSignups } from './signup-rate-limit'

const signupRoute = createRoute({
  method: 'post',
  path: '/accounts/signup',
  tags: ['accounts'],
  summary: 'Create an account, its guild (trialing) and the admin profile; sends the confirmation e-mail',
  request: { body: { required: true, content: json(SignupSchema) } },
  responses: {
    201: { description: 'Created', content: json(SignupResultSchema) },
    400: errorResponses[400],
    409: errorResponses[409],
    429: { description: 'Too many sign-ups from this client', content: errorResponses[409].content },
  },
})

export const accountsRouter = createRouter().openapi(signupRoute, async (c) => {
  await limitSignups(c)
  const result = await signUp(c.var.deps, c.req.valid('json'))
  return c.json(result, 201)
})
