import { Search } from 'lucide-react'
import type { ComponentProps, ReactNode } from 'react'
import { Input } from '@web/components/ui/input'
import { cn } from '@web/lib/cn'

type Props = Omit<ComponentProps<typeof Input>, 'type' | 'children'> & {
  /** Inside the box at its end, such as a clear button (give the input room with a right padding). */
  children?: ReactNode
}

/** A search box: the magnifier drawn inside it, before the text. */
export function SearchInput({ className, children, ...props }: Props) {
  return (
    <div className="relative">
      <Search
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input type="search" className={cn('pl-8', className)} {...props} />
      {children}
    </div>
  )
}
