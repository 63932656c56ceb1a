import { cva, type VariantProps } from 'class-variance-authority'
import type * as React from 'react'
import { withClassName } from '@web/lib/cn'

const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-md border px-2 py-0.5 text-xs font-semibold [&_svg]:size-3',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary text-primary-foreground',
        secondary: 'border-transparent bg-secondary text-secondary-foreground',
        destructive: 'border-transparent bg-destructive text-destructive-foreground',
        success: 'border-transparent bg-success text-white dark:text-black',
        warning: 'border-transparent bg-warning text-black',
        outline: 'text-foreground',
      },
      // A badge is one line; one whose text is long in some language (a penalty's "until" with its date and
      // time) wraps inside the box it is in instead of pushing a phone's page sideways.
      wraps: {
        false: 'whitespace-nowrap',
        true: 'max-w-full whitespace-normal',
      },
    },
    defaultVariants: { variant: 'default', wraps: false },
  },
)

export function Badge({
  className,
  variant,
  wraps,
  ...props
}: React.ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  // A variant's classes hold no clash (badge.test.tsx): the public page's live badge, which only the browser
  // renders, has no className and asks nothing of tailwind-merge.
  return <span className={withClassName(badgeVariants({ variant, wraps }), className)} {...props} />
}
