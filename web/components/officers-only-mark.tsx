import { Lock } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@web/components/ui/badge'

/**
 * Beside a note typed as officers only (docs/decisions/019-public-visibility.md): the dashboard shows it,
 * marked, and nothing outside the dashboard ever gets it.
 */
export function OfficersOnlyMark({ shown }: { shown: boolean | undefined }) {
  // The public page never gets the flag: it renders nothing there and loads no texts for it.
  return shown ? <Mark /> : null
}

function Mark() {
  const { t } = useTranslation('common')
  return (
    <Badge variant="outline" className="ml-1 align-middle font-normal" title={t('officersOnly.hint')}>
      <Lock aria-hidden />
      {t('officersOnly.mark')}
    </Badge>
  )
}

/**
 * The "officers only" checkbox beside a note field: keyboard-usable (a native checkbox with its label),
 * with what it means said under it.
 */
export function OfficersOnlyCheckbox({
  id,
  checked,
  onChange,
}: {
  id: string
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  const { t } = useTranslation('common')
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="flex items-center gap-2 text-sm">
        <input
          id={id}
          type="checkbox"
          className="size-4 accent-primary"
          checked={checked}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onChange(event.target.checked)}
        />
        {t('officersOnly.label')}
      </label>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {t('officersOnly.hint')}
      </p>
    </div>
  )
}
