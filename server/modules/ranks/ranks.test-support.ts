import { expect } from 'vitest'
import type { Rank, RankList } from '../../../contract/ranks'
import type { Actor } from '../../test/factories'

// Shared by the ranks tests: calls as a member, and ranks made through the API.

export async function api<T>(actor: Actor, method: string, path: string, body?: unknown, status = 200) {
  const res = await actor.request(method, `/api/v1${path}`, body)
  const text = await res.text()
  expect(res.status, `${method} ${path}: ${text}`).toBe(status)
  return (text ? JSON.parse(text) : null) as T
}

/** Ranks created in this order: the first is the highest. */
export async function createRanks(admin: Actor, names: readonly string[]) {
  const ranks: Rank[] = []
  for (const name of names) ranks.push(await api<Rank>(admin, 'POST', '/ranks', { name }, 201))
  return ranks
}

export async function listRanks(actor: Actor) {
  return (await api<RankList>(actor, 'GET', '/ranks')).ranks
}
