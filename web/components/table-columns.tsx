import type { ReactNode } from 'react'
import type { DataColumn } from '@web/components/data-table'
import { cn } from '@web/lib/cn'
import { formatDate } from '@web/lib/format'

// The columns several list tables show alike, each written once so the tables cannot drift apart.

/**
 * The column that names the row (a member, an item, a player, who acted): a list table's first column, in
 * bold so the eye finds the row by it. `className` adds the cells' own limits (a width, truncation).
 */
export function nameColumn<Row>(
  label: string,
  name: (row: Row) => ReactNode,
  className?: string,
): DataColumn<Row> {
  return { label, cellClassName: cn(className, 'font-medium'), cell: name }
}

/** A column of days (when a row was created, when it expires): muted, on one line. */
export function dateColumn<Row>(
  label: string,
  at: (row: Row) => string,
  className?: string,
): DataColumn<Row> {
  return {
    label,
    className,
    cellClassName: 'whitespace-nowrap text-muted-foreground',
    cell: (row) => <time dateTime={at(row)}>{formatDate(at(row))}</time>,
  }
}
