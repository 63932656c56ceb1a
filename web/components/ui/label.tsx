import { Label as LabelPrimitive } from 'radix-ui'
import type * as React from 'react'
import { withClasses } from './with-classes'

export const Label = withClasses(
  LabelPrimitive.Root,
  'text-sm font-medium leading-none peer-disabled:cursor-not-allowed peer-disabled:opacity-70',
)

/** A field's error line, announced to screen readers. */
export function FieldError({ id, children }: { id?: string; children?: React.ReactNode }) {
  if (!children) return null
  return (
    <p id={id} role="alert" className="text-sm text-destructive">
      {children}
    </p>
  )
}
