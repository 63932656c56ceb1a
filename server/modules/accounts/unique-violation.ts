/** PostgreSQL's unique_violation, from either driver (drizzle wraps the driver error in `cause`). */
export function uniqueViolation(error: unknown): { constraint: string } | null {
  for (let e = error as Record<string, unknown> | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return { constraint: String(e.constraint ?? e.constraint_name ?? '') }
  }
  return null
}
