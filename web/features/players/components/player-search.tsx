import { X } from 'lucide-react'
import { useDeferredValue, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { IconButton } from '@web/components/icon-button'
import { SearchInput } from '@web/components/search-input'
import { Label } from '@web/components/ui/label'

/**
 * The players page's name search: what is typed shows at once, the list follows a beat behind
 * (useDeferredValue, as the items search in web/lib/filter-items.ts), and the address keeps it (?q=, as the
 * history's search: web/features/history/hooks/use-history-params.ts), so Back from a player's page finds the
 * list as it was left. The whole roster is in the browser (GET /players), so the filtering is done here.
 */
export function usePlayerSearch() {
  const [params, setParams] = useSearchParams()
  const [text, setText] = useState(() => params.get('q') ?? '')
  const change = (value: string) => {
    setText(value)
    // Replacing, not adding a step: Back leaves the page, not the search a letter at a time.
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (value.trim()) next.set('q', value)
        else next.delete('q')
        return next
      },
      { replace: true },
    )
  }
  const search = useDeferredValue(text)
  return { text, search, searching: search.trim() !== '', change }
}

type Props = {
  value: string
  onChange: (value: string) => void
  /** How many players the search (and the rank filter) keeps; null while nothing is searched. */
  found: number | null
  /** The first player shown (its name's link), where ↓ or Enter takes the keyboard from the box. */
  firstResult: () => HTMLElement | null
}

/**
 * The labelled search box, a button that clears it, and a live line saying how many players match; ↓ or Enter
 * in the box goes to the first player shown.
 */
export function PlayerSearch({ value, onChange, found, firstResult }: Props) {
  const { t } = useTranslation('players')
  const input = useRef<HTMLInputElement>(null)
  return (
    <div className="grid gap-1.5 sm:max-w-sm">
      <Label htmlFor="players-search">{t('search.label')}</Label>
      <SearchInput
        ref={input}
        id="players-search"
        value={value}
        placeholder={t('search.placeholder')}
        autoComplete="off"
        aria-describedby="players-search-found"
        className={value ? 'pr-9' : undefined}
        onChange={(event) => onChange(event.target.value)}
        // As the attendance list's name filter (web/features/raid-nights/components/attendance-editor.tsx):
        // typed, then straight to the first match, whose page Enter opens.
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown' && event.key !== 'Enter') return
          const first = firstResult()
          if (!first) return
          event.preventDefault()
          first.focus()
        }}
      >
        {value && (
          <IconButton
            icon={X}
            className="absolute top-0 right-0"
            label={t('search.clear')}
            onClick={() => {
              onChange('')
              input.current?.focus()
            }}
          />
        )}
      </SearchInput>
      {/* Always in the page, so screen readers hear the count change as the typing narrows the list. */}
      <p id="players-search-found" role="status" className="min-h-5 text-muted-foreground text-sm">
        {found === null ? '' : t('search.found', { count: found })}
      </p>
    </div>
  )
}
