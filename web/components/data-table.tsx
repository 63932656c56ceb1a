import type { ComponentProps, Key, ReactNode } from 'react'
import { Table, TableBody, TableCell, TableColumns, TableRow } from '@web/components/ui/table'
import { cn } from '@web/lib/cn'

/**
 * One column: its heading and what each row shows in it. `className` is the whole column's (alignment, the
 * screen width it shows from), given to the heading and every cell alike so the two never drift apart.
 */
export type DataColumn<Row> = {
  label: string
  /** Said to screen readers only: the heading would make the column wider than its cells (a checkbox). */
  labelHidden?: boolean
  className?: string
  /** The cells' own classes (weight, width, wrapping), beside the column's. */
  cellClassName?: string
  cell: (row: Row) => ReactNode
}

type Props<Row> = {
  /** The caption, for screen readers, and the name of the scroll region. */
  label: string
  columns: DataColumn<Row>[]
  /** Each row's `id` is its React key. */
  rows: readonly Row[]
  /** What a row's `<tr>` needs besides its cells: a test id, a selected state, a click. */
  rowProps?: (row: Row) => ComponentProps<'tr'> & { [data: `data-${string}`]: string | undefined }
}

/** A table of `rows`, one line each, laid out by `columns`: every list screen's table is one of these. */
export function DataTable<Row extends { id: Key }>({ label, columns, rows, rowProps }: Props<Row>) {
  return (
    <Table label={label}>
      <TableColumns columns={columns} />
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id} {...rowProps?.(row)}>
            {columns.map((column) => (
              <TableCell key={column.label} className={cn(column.className, column.cellClassName)}>
                {column.cell(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
