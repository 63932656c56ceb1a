import { cva, type VariantProps } from 'class-variance-authority'
import { Slot } from 'radix-ui'
import type * as React from 'react'
import { useState } from 'react'
import { withClassName } from '@web/lib/cn'

// No two of a variant's and a size's classes clash (button.test.tsx): a button without a className of its
// own uses them as they are (withClassName, web/lib/cn.ts), and buttonVariants() alone, on a link, gives one
// size of text.
export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary/90',
        destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90',
        outline: 'border border-input bg-background shadow-sm hover:bg-accent hover:text-accent-foreground',
        secondary: 'bg-secondary text-secondary-foreground shadow-sm hover:bg-secondary/80',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-9 rounded-md px-4 py-2 text-sm',
        sm: 'h-8 rounded-md px-3 text-xs',
        lg: 'h-10 rounded-md px-8 text-sm',
        icon: 'h-9 w-9 rounded-md text-sm',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
)

export type ButtonProps = React.ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & { asChild?: boolean }

/** Keys that move focus on: the only ones a held button lets through. */
const MOVES_FOCUS = new Set(['Tab', 'Escape'])

export function Button({
  className,
  variant,
  size,
  asChild = false,
  type,
  disabled,
  onFocus,
  onBlur,
  ...props
}: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button'
  const [focused, setFocused] = useState(false)
  // A focused button that becomes disabled (its request under way, the last page reached) would lose keyboard
  // focus to <body> (browsers blur a disabled element), and the next Tab would start at the page's top. It is
  // held instead: focusable, aria-disabled, doing nothing, until focus leaves it; then disabled as asked.
  const held = Boolean(disabled) && focused && !asChild
  const holding = held
    ? {
        'aria-disabled': true,
        onClick: (event: React.MouseEvent) => event.preventDefault(),
        onPointerDown: (event: React.PointerEvent) => event.preventDefault(),
        onKeyDown: (event: React.KeyboardEvent) => {
          if (!MOVES_FOCUS.has(event.key)) event.preventDefault()
        },
      }
    : { disabled }
  return (
    <Comp
      className={withClassName(buttonVariants({ variant, size }), className)}
      type={asChild ? undefined : (type ?? 'button')}
      onFocus={(event: React.FocusEvent<HTMLButtonElement>) => {
        setFocused(true)
        onFocus?.(event)
      }}
      onBlur={(event: React.FocusEvent<HTMLButtonElement>) => {
        setFocused(false)
        onBlur?.(event)
      }}
      {...props}
      {...holding}
    />
  )
}
