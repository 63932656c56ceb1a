import { cva, type VariantProps } from 'class-variance-authority'
import type * as React from 'react'
import { cn } from '@web/lib/cn'
import { withClasses } from './with-classes'

const alertVariants = cva(
  'relative w-full rounded-lg border px-4 py-3 text-sm [&>svg]:absolute [&>svg]:top-3.5 [&>svg]:left-4 [&>svg~*]:pl-7',
  {
    variants: {
      variant: {
        default: 'bg-card text-card-foreground',
        destructive: 'border-destructive/50 text-destructive [&>svg]:text-destructive',
        warning: 'border-warning/60 bg-warning/10',
      },
    },
    defaultVariants: { variant: 'default' },
  },
)

export function Alert({
  className,
  variant,
  ...props
}: React.ComponentProps<'div'> & VariantProps<typeof alertVariants>) {
  return <div role="alert" className={cn(alertVariants({ variant }), className)} {...props} />
}
export const AlertTitle = withClasses('h5', 'mb-1 font-medium leading-none tracking-tight')
export const AlertDescription = withClasses('div', 'text-sm [&_p]:leading-relaxed')
