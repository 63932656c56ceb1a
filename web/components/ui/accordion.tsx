import { ChevronDown } from 'lucide-react'
import type * as React from 'react'
import { cn } from '@web/lib/cn'

// Questions that open and close: the WAI-ARIA accordion pattern, written by hand. Each header is a button
// (Enter and Space toggle it) that says whether its panel is expanded; the panel is in the page even while
// closed (`hidden`), so a prerendered page carries every answer, and hydrating it is a few plain elements
// per question instead of Radix's parts (docs/decisions/014-server-rendering.md).

/** Marks each header, so the group's keys find them. */
const TRIGGER = 'data-accordion-trigger'

/** A group of items; ArrowUp/ArrowDown (wrapping), Home and End move between its headers. */
export function Accordion({ className, children }: { className?: string; children: React.ReactNode }) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the keys are the headers' (buttons), caught here once.
    <div className={className} onKeyDown={moveBetweenHeaders}>
      {children}
    </div>
  )
}

function moveBetweenHeaders(event: React.KeyboardEvent<HTMLElement>) {
  const target = event.target as HTMLElement
  if (!target.hasAttribute(TRIGGER)) return
  const headers = [...event.currentTarget.querySelectorAll<HTMLElement>(`[${TRIGGER}]`)]
  const at = headers.indexOf(target)
  const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: headers.length - 1 }[event.key]
  if (to === undefined) return
  event.preventDefault()
  headers[(to + headers.length) % headers.length]!.focus()
}

type ItemProps = {
  /** The item's element id (a link's anchor); its panel's id derives from it. */
  id: string
  title: React.ReactNode
  open: boolean
  onOpenChange: (open: boolean) => void
  className?: string
  triggerClassName?: string
  contentClassName?: string
  children: React.ReactNode
}

export function AccordionItem(props: ItemProps) {
  const { id, title, open, onOpenChange, className, triggerClassName, contentClassName, children } = props
  return (
    <div id={id} className={cn('border-b', className)}>
      <h3 className="flex">
        <button
          type="button"
          data-accordion-trigger=""
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => onOpenChange(!open)}
          className={cn(
            'flex flex-1 items-center justify-between gap-4 py-4 text-left text-sm font-medium transition-all hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            triggerClassName,
          )}
        >
          {title}
          <ChevronDown
            className={cn('size-4 shrink-0 text-muted-foreground transition-transform', open && 'rotate-180')}
            aria-hidden
          />
        </button>
      </h3>
      <div id={`${id}-panel`} hidden={!open} className="overflow-hidden text-sm">
        <div className={cn('pt-0 pb-4 text-muted-foreground', contentClassName)}>{children}</div>
      </div>
    </div>
  )
}
