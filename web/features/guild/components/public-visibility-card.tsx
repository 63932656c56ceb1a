import { Eye, ExternalLink } from 'lucide-react'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import {
  PUBLIC_QUEUE_FIRST_MAX,
  PUBLIC_QUEUE_FIRST_MIN,
  type PublicVisibility,
} from '@contract/public-visibility'
import { PendingButton } from '@web/components/pending-button'
import { SectionCard } from '@web/components/section-card'
import { Button } from '@web/components/ui/button'
import { Input } from '@web/components/ui/input'
import { Skeleton } from '@web/components/ui/skeleton'
import { useSingleFlight } from '@web/hooks/use-single-flight'
import { handleError } from '@web/lib/error-handler'
import { PUBLIC_PREVIEW_URL, usePublicVisibility, useUpdatePublicVisibility } from '../api/public-visibility'
import { PUBLIC_QUEUE_MODES } from '@contract/enums'

const SHOWN = ['showNotes', 'showCounters', 'showAttendance'] as const

/**
 * The guild page's "what the public sees": admins choose, members read; both can open the public page as a
 * visitor sees it. The server applies the choice to every public answer (docs/decisions/019-public-visibility.md).
 */
export function PublicVisibilityCard({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation('guild')
  const settings = usePublicVisibility()
  return (
    <SectionCard
      icon={<Eye className="size-5" aria-hidden />}
      title={t('visibility.title')}
      description={t('visibility.description')}
      contentClassName="grid gap-6"
    >
      {settings.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : !settings.data ? (
        <p className="text-muted-foreground text-sm">{t('visibility.loadError')}</p>
      ) : isAdmin ? (
        <VisibilityForm saved={settings.data} />
      ) : (
        <VisibilitySummary settings={settings.data} />
      )}
      <div className="grid gap-1">
        <Button variant="outline" asChild className="w-fit">
          <a href={PUBLIC_PREVIEW_URL} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden />
            {t('visibility.preview')}
            <span className="sr-only">{t('publicLink.newTab')}</span>
          </a>
        </Button>
        <p className="text-muted-foreground text-xs">{t('visibility.previewHelp')}</p>
      </div>
    </SectionCard>
  )
}

function queueWords(t: (key: string, options?: Record<string, unknown>) => string, s: PublicVisibility) {
  return s.queueMode === 'first'
    ? t('visibility.queue.firstCount', { count: s.queueFirst })
    : t(`visibility.queue.${s.queueMode}`)
}

function VisibilitySummary({ settings }: { settings: PublicVisibility }) {
  const { t } = useTranslation('guild')
  return (
    <div className="grid gap-3">
      <ul className="grid gap-1 text-sm" data-testid="visibility-summary">
        {SHOWN.map((field) => (
          <li key={field}>
            {t(`visibility.${field}.label`)}:{' '}
            <span className="font-medium">
              {t(settings[field] ? 'visibility.shown' : 'visibility.hidden')}
            </span>
          </li>
        ))}
        <li>
          {t('visibility.queue.label')}: <span className="font-medium">{queueWords(t, settings)}</span>
        </li>
      </ul>
      <p className="text-muted-foreground text-sm">{t('visibility.readOnly')}</p>
    </div>
  )
}

function VisibilityForm({ saved }: { saved: PublicVisibility }) {
  const { t } = useTranslation('guild')
  const id = useId()
  const update = useUpdatePublicVisibility()
  const [draft, setDraft] = useState(saved)
  const [firstText, setFirstText] = useState(String(saved.queueFirst))
  // Another admin's change (a live update) shows here.
  useEffect(() => {
    setDraft(saved)
    setFirstText(String(saved.queueFirst))
  }, [saved])
  const first = Number(firstText)
  const firstValid =
    /^\d+$/.test(firstText) && first >= PUBLIC_QUEUE_FIRST_MIN && first <= PUBLIC_QUEUE_FIRST_MAX
  const next: PublicVisibility = { ...draft, queueFirst: firstValid ? first : saved.queueFirst }
  const changed = (Object.keys(saved) as (keyof PublicVisibility)[]).some((key) => saved[key] !== next[key])
  const invalid = draft.queueMode === 'first' && !firstValid

  // One save per click: a double click on "Save" sent two requests and said "saved" twice (an outside test).
  const flight = useSingleFlight()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (invalid) return
    void flight.run(async () => {
      try {
        await update.mutateAsync(next)
        toast.success(t('visibility.saved'))
      } catch (error) {
        handleError(error, t('visibility.saveError'))
      }
    }, undefined)
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-6" aria-label={t('visibility.title')}>
      <div className="grid gap-4">
        {SHOWN.map((field) => (
          <div key={field} className="flex items-start gap-3">
            <input
              type="checkbox"
              id={`${id}-${field}`}
              checked={draft[field]}
              onChange={(e) => {
                const checked = e.currentTarget.checked
                setDraft((d) => ({ ...d, [field]: checked }))
              }}
              aria-describedby={`${id}-${field}-help`}
              className="mt-0.5 size-4 accent-primary"
            />
            <div className="grid gap-1">
              <label htmlFor={`${id}-${field}`} className="font-medium text-sm">
                {t(`visibility.${field}.label`)}
              </label>
              <p id={`${id}-${field}-help`} className="text-muted-foreground text-xs">
                {t(`visibility.${field}.help`)}
              </p>
            </div>
          </div>
        ))}
      </div>
      <fieldset className="grid gap-3">
        <legend className="font-medium text-sm">{t('visibility.queue.label')}</legend>
        {PUBLIC_QUEUE_MODES.map((mode) => (
          <label
            key={mode}
            className="flex cursor-pointer items-start gap-3 rounded-md border p-3 has-[:checked]:border-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
          >
            <input
              type="radio"
              name={`${id}-queue`}
              value={mode}
              checked={draft.queueMode === mode}
              onChange={() => setDraft((d) => ({ ...d, queueMode: mode }))}
              aria-labelledby={`${id}-${mode}`}
              aria-describedby={`${id}-${mode}-help`}
              className="mt-0.5 size-4 accent-primary"
            />
            <span className="grid gap-1">
              <span id={`${id}-${mode}`} className="font-medium text-sm">
                {t(`visibility.queue.${mode}`)}
              </span>
              <span id={`${id}-${mode}-help`} className="text-muted-foreground text-xs">
                {t(`visibility.queue.${mode}Help`)}
              </span>
            </span>
          </label>
        ))}
        {draft.queueMode === 'first' && (
          <div className="grid max-w-48 gap-2">
            <label id={`${id}-first-label`} htmlFor={`${id}-first`} className="font-medium text-sm">
              {t('visibility.queue.firstLabel')}
            </label>
            <Input
              id={`${id}-first`}
              inputMode="numeric"
              aria-labelledby={`${id}-first-label`}
              value={firstText}
              onChange={(e) => setFirstText(e.target.value)}
              aria-invalid={invalid || undefined}
              aria-describedby={`${id}-first-hint`}
            />
            <p
              id={`${id}-first-hint`}
              className={invalid ? 'text-destructive text-xs' : 'text-muted-foreground text-xs'}
            >
              {t('visibility.queue.firstHint', { min: PUBLIC_QUEUE_FIRST_MIN, max: PUBLIC_QUEUE_FIRST_MAX })}
            </p>
          </div>
        )}
      </fieldset>
      <PendingButton type="submit" className="w-fit" pending={flight.pending} disabled={!changed || invalid}>
        {t('visibility.save')}
      </PendingButton>
    </form>
  )
}
