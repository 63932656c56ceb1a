import { toast } from 'sonner'
import type { FieldLimit } from '@contract/common'
import { ApiError, NetworkError } from './api-client'
import { i18n } from './i18n'

// One translated message per kind of failure, each shown once per 5 s (docs/product-rules.md, "Screens").
const DEDUPE_MS = 5000
const recent = new Map<string, number>()

/**
 * The translated message for any error. API errors carry a stable code the locale files translate; a text
 * that names values only the server has (the other night a new one would overlap, a limit it counted) is the
 * server's message, made from the same text in the reader's language (the web sends it: lq_lang).
 */
export function errorMessage(error: unknown): string {
  const t = i18n.getFixedT(null, 'errors')
  if (error instanceof NetworkError) return t('NETWORK')
  if (error instanceof ApiError) {
    if (!i18n.exists(error.code, { ns: 'errors' })) return error.message || t('UNKNOWN')
    return namesValues(error.code) && error.message ? error.message : t(error.code)
  }
  const text = error instanceof Error ? error.message : String(error)
  if (/fetch|network/i.test(text)) return t('NETWORK')
  if (/jwt|session/i.test(text)) return t('SESSION_EXPIRED')
  if (/permission|rls|forbidden/i.test(text)) return t('FORBIDDEN')
  return t('UNKNOWN')
}

/** Whether the errors' text of `code` names values ("{{limit}}"), which the web does not know. */
function namesValues(code: string) {
  const text: unknown = i18n.getResource(i18n.language, 'errors', code)
  return typeof text === 'string' && text.includes('{{')
}

/** Shows a failure as a toast. `title` names what failed (already translated), e.g. 'Erro ao salvar player'. */
export function handleError(error: unknown, title?: string) {
  const description = errorMessage(error)
  const key = `${title ?? ''}|${description}`
  const now = Date.now()
  const last = recent.get(key)
  if (last !== undefined && now - last < DEDUPE_MS) return
  recent.set(key, now)
  if (title) toast.error(title, { description })
  else toast.error(description)
}

/** For tests: forget what was shown. */
export function resetErrorDedupe() {
  recent.clear()
}

/**
 * Runs a change and says how it went: `success` as a toast (with `successText` under it, when given), or the
 * failure under `failureTitle`. Resolves whether it worked, so a dialog knows whether to close.
 */
export async function runWithToast(
  change: () => Promise<unknown>,
  success: string,
  failureTitle: string,
  successText?: string,
) {
  try {
    await change()
    if (successText) toast.success(success, { description: successText })
    else toast.success(success)
    return true
  } catch (error) {
    handleError(error, failureTitle)
    return false
  }
}

/**
 * The one way to show a refused form: each field the server names is said once,
 * under that field (`onField` sets it, with the limit of a field refused as too long; the first one takes the
 * focus), and nothing else; a refusal that names none of the form's fields is one toast. A field refused
 * with the refusal's own code (a taken name, a night over another one) also gets the refusal's words
 * (`said`: errorMessage), which may name what only the server knows (the other night).
 */
export function showFormError<F extends string>(
  error: unknown,
  title: string,
  fields: readonly F[],
  onField: (
    field: F,
    code: string,
    focus: boolean,
    limit: FieldLimit | undefined,
    said: string | undefined,
  ) => void,
) {
  const refused = error instanceof ApiError ? (error.fields ?? {}) : {}
  const limits = error instanceof ApiError ? (error.limits ?? {}) : {}
  const own = error instanceof ApiError ? error.code : null
  const shown = fields.filter((field) => refused[field])
  for (const [index, field] of shown.entries()) {
    const code = refused[field]!
    onField(field, code, index === 0, limits[field], code === own ? errorMessage(error) : undefined)
  }
  if (shown.length === 0) handleError(error, title)
}
