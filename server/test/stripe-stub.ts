import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

// A local stand-in for api.stripe.com, answering only what billing calls: Checkout Sessions, Billing
// Portal sessions and cancelling a subscription (DELETE /v1/subscriptions/{id}). Tests point the real Stripe SDK at it through STRIPE_API_URL and read what it received.

export type StubRequest = {
  method: string
  path: string
  form: URLSearchParams
  headers: IncomingHttpHeaders
}

export type StripeStub = {
  url: string
  requests: StubRequest[]
  /** 'outage': every call answers 500 like a Stripe API error. */
  setMode: (mode: 'ok' | 'outage') => void
  close: () => Promise<void>
}

export const STUB_SECRET_KEY = 'sk_test_stub_0123456789'

const stripeError = (type: string, message: string) => JSON.stringify({ error: { type, message } })

/**
 * The sessions billing creates (POST to the path): each answers its id, its object name, the one field of the
 * request billing reads back, and the page a browser is sent to.
 */
const SESSIONS: Record<string, { idPrefix: string; object: string; echoes: string; pageUrl: string }> = {
  '/v1/checkout/sessions': {
    idPrefix: 'cs_test',
    object: 'checkout.session',
    echoes: 'mode',
    pageUrl: 'https://checkout.stripe.test/c/pay/',
  },
  '/v1/billing_portal/sessions': {
    idPrefix: 'bps_test',
    object: 'billing_portal.session',
    echoes: 'customer',
    pageUrl: 'https://billing.stripe.test/p/session/',
  },
}

export async function startStripeStub(): Promise<StripeStub> {
  const requests: StubRequest[] = []
  let mode: 'ok' | 'outage' = 'ok'
  let counter = 0
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => {
      body += chunk
    })
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!
      const form = new URLSearchParams(body)
      requests.push({ method: req.method ?? '', path, form, headers: req.headers })
      const send = (status: number, payload: string) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_stub_${counter}` })
        res.end(payload)
      }
      if (req.headers.authorization !== `Bearer ${STUB_SECRET_KEY}`)
        return send(401, stripeError('invalid_request_error', 'Invalid API Key provided'))
      if (mode === 'outage') return send(500, stripeError('api_error', 'stub outage'))
      counter++
      const cancelled = req.method === 'DELETE' && /^\/v1\/subscriptions\/[\w-]+$/.exec(path)
      if (cancelled) {
        const id = path.split('/').pop()!
        if (id.startsWith('sub_missing'))
          return send(
            404,
            JSON.stringify({
              error: {
                type: 'invalid_request_error',
                code: 'resource_missing',
                message: `No such subscription: '${id}'`,
              },
            }),
          )
        return send(200, JSON.stringify({ id, object: 'subscription', status: 'canceled' }))
      }
      const session = req.method === 'POST' ? SESSIONS[path] : undefined
      if (session) {
        const id = `${session.idPrefix}_${counter}`
        return send(
          200,
          JSON.stringify({
            id,
            object: session.object,
            [session.echoes]: form.get(session.echoes),
            url: `${session.pageUrl}${id}`,
          }),
        )
      }
      send(404, stripeError('invalid_request_error', `Unrecognized request URL (${req.method}: ${path})`))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setMode: (next) => {
      mode = next
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** An address where nothing listens: a Stripe that cannot be reached at all. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}`
}
