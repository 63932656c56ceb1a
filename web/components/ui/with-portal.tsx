import type * as React from 'react'
import { withClassName } from '@web/lib/cn'

/**
 * A radix floating part's Content (the dropdown menu's, the popover's, the tooltip's) in its Portal, 4 px
 * off what opened it, with the house `classes` (from floating-classes.ts, which holds them clash-free: the
 * part renders, closed, on every page with a menu, and asks nothing of tailwind-merge there): a caller's
 * `className` adds to them (withClassName, web/lib/cn.ts), and
 * `defaults` (a side, an alignment) are props a caller may still set otherwise. The three open alike so; the
 * select's list, laid out by its own viewport, stays a function of its own.
 */
export function withPortal<Part extends { Portal: React.ElementType; Content: React.ElementType }>(
  Primitive: Part,
  classes: string,
  defaults?: Partial<React.ComponentProps<Part['Content']>>,
) {
  const { Portal, Content: Tag } = Primitive
  function Floating({ className, ...props }: React.ComponentProps<Part['Content']> & { className?: string }) {
    return (
      <Portal>
        <Tag sideOffset={4} {...defaults} {...props} className={withClassName(classes, className)} />
      </Portal>
    )
  }
  return Floating
}
