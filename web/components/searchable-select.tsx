import { Check, ChevronsUpDown } from 'lucide-react'
import { type KeyboardEvent, useEffect, useMemo, useState } from 'react'
import { holdsSearch } from '@contract/names'
import { Input } from '@web/components/ui/input'
import { Popover, PopoverContent, PopoverTrigger } from '@web/components/ui/popover'
import { cn } from '@web/lib/cn'
import { MENU_ITEM } from '@web/components/ui/floating-classes'

export type SearchableOption = { value: string; label: string }

type Props = {
  /** The button's id, for its <Label htmlFor>. */
  id: string
  value: string
  options: readonly SearchableOption[]
  onChange: (value: string) => void
  /** The search box's name, read out and shown as its placeholder. */
  searchLabel: string
  /** Said when nothing matches the search. */
  emptyText: string
  disabled?: boolean
  'aria-describedby'?: string
  'aria-invalid'?: true
}

/** Case-, accent- and underscore-insensitive (holdsSearch): "sao paulo" finds "America/Sao_Paulo". */
const holdsQuery = (label: string, query: string) => holdsSearch(label.replace(/_/g, ' '), query)

/**
 * A select whose long list is searched as you type (a time zone among 400): a button showing the choice opens
 * a search box (a combobox) over a listbox; arrows move, Enter chooses, Escape closes and returns the focus.
 */
export function SearchableSelect(props: Props) {
  const { id, value, options, onChange, searchLabel, emptyText, disabled } = props
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)
  const shown = useMemo(() => {
    return options.filter((option) => holdsQuery(option.label, query))
  }, [options, query])
  const chosen = options.find((option) => option.value === value)
  const optionId = (index: number) => `${id}-option-${index}`

  const openChange = (next: boolean) => {
    setOpen(next)
    if (next) {
      setQuery('')
      setActive(
        Math.max(
          0,
          options.findIndex((option) => option.value === value),
        ),
      )
    }
  }
  const choose = (option: SearchableOption | undefined) => {
    if (!option) return
    onChange(option.value)
    setOpen(false)
  }

  useEffect(() => {
    if (open) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' })
  })

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = shown.length - 1
    const moves: Record<string, number> = {
      ArrowDown: Math.min(active + 1, last),
      ArrowUp: Math.max(active - 1, 0),
      PageDown: Math.min(active + 10, last),
      PageUp: Math.max(active - 10, 0),
    }
    if (event.key in moves) setActive(moves[event.key]!)
    else if (event.key === 'Enter') choose(shown[active])
    else return
    event.preventDefault()
  }

  return (
    <Popover open={open} onOpenChange={openChange}>
      <PopoverTrigger asChild>
        {/* A combobox, as a select's button is: its label names it and its text is the value read out. */}
        <button
          type="button"
          role="combobox"
          id={id}
          aria-expanded={open}
          aria-controls={`${id}-list`}
          disabled={disabled}
          aria-describedby={props['aria-describedby']}
          aria-invalid={props['aria-invalid']}
          className="flex h-9 w-full items-center justify-between gap-2 rounded-md border border-input bg-transparent px-3 py-2 text-left text-sm shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50"
        >
          <span className="truncate">{chosen?.label ?? value}</span>
          <ChevronsUpDown aria-hidden className="size-4 shrink-0 opacity-50" />
        </button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-[var(--radix-popover-trigger-width)] min-w-72 p-2">
        <Input
          role="combobox"
          aria-label={searchLabel}
          placeholder={searchLabel}
          aria-expanded
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={shown.length > 0 ? optionId(active) : undefined}
          autoComplete="off"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value)
            setActive(0)
          }}
          onKeyDown={onKeyDown}
        />
        <div
          id={`${id}-list`}
          role="listbox"
          aria-label={searchLabel}
          tabIndex={-1}
          className="mt-2 max-h-64 overflow-y-auto"
        >
          {shown.length === 0 ? (
            <p className="px-2 py-1.5 text-muted-foreground text-sm">{emptyText}</p>
          ) : (
            shown.map((option, index) => (
              // The search box keeps the focus (aria-activedescendant): an option is only clicked.
              // biome-ignore lint/a11y/useKeyWithClickEvents: Enter in the combobox chooses the active option.
              <div
                key={option.value}
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                aria-selected={option.value === value}
                data-active={index === active || undefined}
                onClick={() => choose(option)}
                onPointerMove={() => setActive(index)}
                className={cn(
                  MENU_ITEM,
                  'gap-2 px-2 data-[active]:bg-accent data-[active]:text-accent-foreground',
                )}
              >
                <Check aria-hidden className={cn('size-4', option.value !== value && 'invisible')} />
                <span className="truncate">{option.label}</span>
              </div>
            ))
          )}
        </div>
      </PopoverContent>
    </Popover>
  )
}
