import type * as React from 'react'
import { cn } from '@web/lib/cn'

/**
 * `Component` (an element such as 'div', or a radix part) with the house `classes`; a caller's `className`
 * adds to them and wins where they clash (cn). Most primitives do nothing else, so each is one line this way;
 * the ones with structure of their own (an icon, a portal, variants) stay functions.
 */
export function withClasses<C extends React.ElementType>(Component: C, classes: string) {
  const Tag: React.ElementType = Component
  function Styled({ className, ...props }: React.ComponentProps<C> & { className?: string }) {
    return <Tag className={cn(classes, className)} {...props} />
  }
  return Styled
}
