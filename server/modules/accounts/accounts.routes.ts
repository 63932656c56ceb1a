import { createRoute } from '@hono/zod-openapi'
import { SignupResultSchema, SignupSchema } from '../../../contract/accounts'
import { errorResponses } from '../../../contract/common'
import { createRouter } from '../../lib/router'
import { signUp } from './accounts.service'

const signupRoute = createRoute({
  method: 'post',
  path: '/accounts/signup',
  tags: ['accounts'],
  summary: 'Create an account, its guild (trialing) and the admin profile; sends the confirmation e-mail',
  request: { body: { required: true, content: { 'application/json': { schema: SignupSchema } } } },
  responses: {
    201: { description: 'Created', content: { 'application/json': { schema: SignupResultSchema } } },
    400: errorResponses[400],
    409: errorResponses[409],
  },
})

export const accountsRouter = createRouter().openapi(signupRoute, async (c) => {
  const result = await signUp(c.var.deps, c.req.valid('json'))
  return c.json(result, 201)
})
