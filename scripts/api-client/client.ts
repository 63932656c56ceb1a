import createClient from 'openapi-fetch'
import type { Me } from '../../contract/accounts'
import type { PlayerInput } from '../../contract/players'
import type { QueueChange, QueueView } from '../../contract/queues'
import type { paths } from '../../dist/api-client/schema'

// A client generated from the live OpenAPI document (scripts/api-client.ts writes dist/api-client/), used the
// way the web app uses the API, and type-checked only (never run): an operation the document drops, a path
// or parameter it renames, or an answer whose documented shape is not the contract's type fails to compile.

const api = createClient<paths>({ baseUrl: '/api/v1', credentials: 'same-origin' })

export async function signInAndReadMe(email: string, password: string): Promise<Me | undefined> {
  const signedIn = await api.POST('/auth/sign-in/email', {
    body: { email, password, callbackURL: '/auth?verified=1' },
  })
  if (signedIn.error) return undefined
  const { data } = await api.GET('/me')
  return data
}

export async function addPlayer(input: PlayerInput) {
  const { data, error } = await api.POST('/players', { body: input })
  return data ?? error
}

export async function award(entryId: string, note: string): Promise<QueueChange | undefined> {
  const { data } = await api.POST('/queue-entries/{id}/received', {
    params: { path: { id: entryId } },
    body: { note },
  })
  return data
}

export async function queue(itemId: string): Promise<QueueView | undefined> {
  const { data } = await api.GET('/items/{id}/queue', { params: { path: { id: itemId } } })
  return data
}

export async function historyStats(timeZone: string) {
  const { data } = await api.GET('/history/stats', { params: { query: { tz: timeZone } } })
  return data?.totalDistributed
}

export async function publicQueue(slug: string, itemId: string) {
  const { data } = await api.GET('/public/guilds/{slug}/items/{itemId}/queue', {
    params: { path: { slug, itemId } },
  })
  return data?.entries.map((entry) => entry.playerName)
}

export async function signOut() {
  const { data } = await api.POST('/auth/sign-out', { body: {} })
  return data?.success === true
}
