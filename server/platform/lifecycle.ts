// Where the process is in its life, for the load balancer's readiness check: serving, or draining (asked to
// stop: it answers not-ready and finishes what is in flight; server/main.ts, docs/decisions/017-running-as-a-service.md).

export type Lifecycle = {
  /** True from the stop signal on: /api/v1/health/ready answers 503. */
  readonly draining: boolean
  startDraining: () => void
}

export function createLifecycle(): Lifecycle {
  let draining = false
  return {
    get draining() {
      return draining
    },
    startDraining: () => {
      draining = true
    },
  }
}
