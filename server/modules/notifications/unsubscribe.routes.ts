import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { AppEnv } from '../../app-context'
import { requestLanguage } from '../../lib/i18n'
import { createRouter, declareRoutes, UNSUBSCRIBE_SIGNATURE_SCHEME } from '../../lib/router'
import { confirmPage, donePage, invalidPage } from './unsubscribe-page'
import { readUnsubscribe, unsubscribe } from './unsubscribe.service'

// The unsubscribe link of every notification e-mail (docs/decisions/020-notifications.md). No session: the
// signed link is the proof. GET asks (so a mail scanner that opens links changes nothing); POST turns the
// switch off: the page's button, or a mail client's one-click unsubscribe (RFC 8058, List-Unsubscribe-Post),
// whose form body is not JSON and comes from no page of ours: the Origin check leaves this path alone
// (server/lib/origin-check.ts).

const route = declareRoutes({ tags: ['notifications'] })

const html = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } })
const LinkQuery = z.object({
  user: z.string().max(200).optional(),
  switch: z.string().max(20).optional(),
  token: z.string().max(200).optional(),
})
const responses = {
  200: html('The page: the question (GET) or what changed (POST)'),
  404: html('A link that is not valid (wrong signature, or the account is gone)'),
}

const askRoute = route('get', '/notifications/unsubscribe', {
  summary: "An e-mail's unsubscribe link: a page that asks before turning the switch off",
  security: [{ [UNSUBSCRIBE_SIGNATURE_SCHEME]: [] }],
  request: { query: LinkQuery },
  responses,
})
const confirmRoute = route('post', '/notifications/unsubscribe', {
  summary: 'Turns the e-mail kind of the signed link off (the page button, or one-click unsubscribe)',
  description: 'The body, if any, is ignored (RFC 8058 sends `List-Unsubscribe=One-Click` as a form).',
  security: [{ [UNSUBSCRIBE_SIGNATURE_SCHEME]: [] }],
  request: { query: LinkQuery },
  responses,
})

const answer = (c: Context<AppEnv>, body: string, status: 200 | 404) =>
  c.body(body, status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })

export const unsubscribeRouter = createRouter()
  .openapi(askRoute, async (c) => {
    const target = await readUnsubscribe(c.get('deps'), c.req.valid('query'))
    if (!target) return answer(c, invalidPage(requestLanguage(c)), 404)
    const action = `${new URL(c.req.url).pathname}?${new URL(c.req.url).searchParams}`
    return answer(c, confirmPage(target, action), 200)
  })
  .openapi(confirmRoute, async (c) => {
    const target = await unsubscribe(c.get('deps'), c.req.valid('query'))
    if (!target) return answer(c, invalidPage(requestLanguage(c)), 404)
    return answer(c, donePage(target, c.get('deps').env.APP_URL), 200)
  })
