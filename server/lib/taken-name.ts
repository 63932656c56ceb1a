import type { ErrorCode } from '../../contract/error-codes'
import { nameKey } from '../../contract/names'
import { AppError } from './app-error'

/**
 * Refuses `name` when another of the guild's rows (any but `except`) has it, case and accents aside
 * (contract/names.ts): 409 `code`, said under the form's name field. The caller holds the guild's row lock
 * (lockGuildRow), so two writes cannot both find the name free.
 */
export function refuseTakenName(
  rows: readonly { id: string; name: string }[],
  name: string,
  code: ErrorCode,
  except?: string,
) {
  const key = nameKey(name)
  if (rows.some((row) => row.id !== except && nameKey(row.name) === key))
    throw new AppError(code, { fields: { name: code } })
}
