import type { AsyncLocalStorage } from 'node:async_hooks'
import {
  getCurrentAuthContextAsyncLocalStorage,
  getCurrentDBAdapterAsyncLocalStorage,
  getRequestStateAsyncLocalStorage,
} from '@better-auth/core/context'

// better-auth keeps the context of each of its calls in three AsyncLocalStorage stores (request state,
// adapter and transaction, endpoint). On Node 20 a store that has run once keeps the async hooks on for
// the whole process: from the first sign-in on, every promise and tick of every request paid for them,
// ~10 % of a cached read's main thread. So the stores are switched off whenever no call of better-auth is
// under way, and the next call switches its store on again (AsyncLocalStorage.run does). Switching off
// while a call runs would lose that call's context, so every call must pass through here: `createAuth`
// wraps `auth.handler` and every `auth.api` endpoint, the only ways into better-auth that run code.
// better-auth leaves nothing running after a call settles (without `advanced.backgroundTasks` it awaits
// its background work). docs/decisions/009-cached-reads.md, "No promise when none is needed".

type Stores = AsyncLocalStorage<unknown>[]

let underWay = 0
let stores: Stores = []
const storesKnown = Promise.all([
  getRequestStateAsyncLocalStorage(),
  getCurrentDBAdapterAsyncLocalStorage(),
  getCurrentAuthContextAsyncLocalStorage(),
]).then((found) => {
  stores = found as Stores
})

async function inAuthCall<T>(call: () => Promise<T>): Promise<T> {
  underWay++
  try {
    return await call()
  } finally {
    // Synchronous from the check to the last disable(): no other call can start in between.
    if (--underWay === 0) for (const store of stores) store.disable()
  }
}

/** The promise that the stores are known (they are created on first use); tests await it. */
export const authStoresKnown = () => storesKnown

type Callable = (...args: never[]) => Promise<unknown>

/** `auth` whose handler and API endpoints switch better-auth's stores off when the last call settles. */
export function withStoresOffBetweenCalls<A extends { handler: Callable; api: Record<string, unknown> }>(
  auth: A,
): A {
  const wrap = <F extends Callable>(fn: F): F =>
    // The endpoint's own properties (path, options) stay readable on the wrapper.
    Object.assign((...args: Parameters<F>) => inAuthCall(() => fn(...args)), fn) as unknown as F
  const api = Object.fromEntries(
    Object.entries(auth.api).map(([name, endpoint]) => [
      name,
      typeof endpoint === 'function' ? wrap(endpoint as Callable) : endpoint,
    ]),
  )
  return { ...auth, handler: wrap(auth.handler), api }
}
