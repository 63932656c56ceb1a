import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '@web/components/confirm-dialog'
import { runWithToast } from '@web/lib/error-handler'
import { afterRowRemoved, type RowPlace, rowPlaceOf } from '@web/lib/focus-place'
import { i18n } from '@web/lib/i18n'

type RowToConfirm<Row> = { row: Row | null; close: () => void; from?: RowPlace | null }

type Props<Row extends { id: string }> = {
  /**
   * Where its texts are, as "namespace:group" (e.g. "players:delete"): title, description, confirm, done (the
   * toast once the change is made), failed (the title of the toast that says it was not) and, optionally,
   * doneText (a line under done's toast) and cancel (the button that keeps the row; "Cancel" otherwise). They
   * name the row's fields: {{name}}.
   */
  texts: `${string}:${string}`
  /** The page's useRowToConfirm: the row asked about (the dialog is open while there is one) and its close. */
  asking: RowToConfirm<Row>
  /** The change, made on the row's id (a delete mutation and the like). */
  action: { mutateAsync: (id: string) => Promise<unknown>; isPending: boolean }
  /** After the change is made, before its toast. */
  onDone?: (row: Row) => void
  /** The change cannot be made yet (the description says why: a rank that items take as minimum). */
  confirmDisabled?: boolean
}

/**
 * The page's side of a ConfirmRowDialog, as useAddEditTarget is of an add-or-edit dialog: the row being asked
 * about (null: closed), `ask` (a table's delete or remove button) and `close`.
 */
export function useRowToConfirm<Row>() {
  const [row, setRow] = useState<Row | null>(null)
  // The table row the question was asked from (its button has focus as it asks): once the change removes it,
  // focus goes to the row now in its place.
  const [from, setFrom] = useState<RowPlace | null>(null)
  const ask = useCallback((asked: Row) => {
    setFrom(rowPlaceOf(document.activeElement))
    setRow(asked)
  }, [])
  return { row, ask, close: () => setRow(null), from }
}

/**
 * The confirmation before a destructive change to one row of a list (delete an item or a player, remove or
 * deactivate a member, cancel an invitation): every such dialog asks, runs and reports the same way; only its
 * texts differ. Focus then goes to the row now in the row's place: the row itself when it stays (deactivated).
 */
export function ConfirmRowDialog<Row extends { id: string }>({
  texts,
  asking: { row, close, from },
  action,
  onDone,
  confirmDisabled,
}: Props<Row>) {
  const [ns, group] = texts.split(':') as [string, string]
  const { t } = useTranslation(ns)
  // While it closes, it still names the row it asked about.
  const [shown, setShown] = useState(row)
  if (row !== null && row !== shown) setShown(row)
  // The row's fields fill the texts; `replace` keeps them apart from i18next's own options.
  const text = (key: string) => t(`${group}.${key}`, { replace: shown ?? {} })
  const optional = (key: string) => (i18n.exists(`${group}.${key}`, { ns }) ? text(key) : undefined)
  const change = async (chosen: Row) => {
    await action.mutateAsync(chosen.id)
    onDone?.(chosen)
  }
  return (
    <ConfirmDialog
      open={row !== null}
      title={text('title')}
      description={text('description')}
      confirmLabel={text('confirm')}
      cancelLabel={optional('cancel')}
      busy={action.isPending}
      confirmDisabled={confirmDisabled}
      onConfirm={async () =>
        row !== null && runWithToast(() => change(row), text('done'), text('failed'), optional('doneText'))
      }
      // A row deleted or removed: the row now in its place, once the list no longer shows it.
      focusAfterConfirm={() => afterRowRemoved(from ?? null)}
      onClose={close}
    />
  )
}
