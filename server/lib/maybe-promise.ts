// A value that is often ready now and sometimes later. The cached reads use it (issue 13): a read whose
// answer is in memory is answered in the same tick, without a promise per step: an allocation, a microtask
// and, while one of better-auth's calls is under way, its AsyncLocalStorage's promise hooks
// (server/auth/auth-calls.ts). docs/decisions/009-cached-reads.md, "No promise when none is needed".

export type MaybePromise<T> = T | Promise<T>

/** `next(value)`, now when `value` is ready, else once it is. */
export function andThen<T, U>(value: MaybePromise<T>, next: (value: T) => MaybePromise<U>): MaybePromise<U> {
  return value instanceof Promise ? value.then(next) : next(value)
}
