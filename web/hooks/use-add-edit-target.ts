import { useState } from 'react'

// The page's side of an add-or-edit dialog, apart from the form's (./use-add-edit-form.ts): a page imports
// this without the form's validation code, which can load with the dialog (web/components/once-shown.tsx).

/** What a list's add-or-edit dialog is open for: nothing (closed), a new row ({ row: null }), or one row. */
export type AddEditTarget<Row> = { row: Row | null } | null

/** The page's side of an add-or-edit dialog: what it is open for, and the calls that open and close it. */
export function useAddEditTarget<Row>() {
  const [target, setTarget] = useState<AddEditTarget<Row>>(null)
  return {
    target,
    add: () => setTarget({ row: null }),
    edit: (row: Row) => setTarget({ row }),
    close: () => setTarget(null),
  }
}
