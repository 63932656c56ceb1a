import { CalendarCog } from 'lucide-react'
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import type { RaidNightSettings } from '@contract/raid-nights'
import { Detail } from '@web/components/detail'
import { Field } from '@web/components/form-field'
import { PendingButton } from '@web/components/pending-button'
import { SearchableSelect } from '@web/components/searchable-select'
import { SectionCard } from '@web/components/section-card'
import { Skeleton } from '@web/components/ui/skeleton'
import { showFormError } from '@web/lib/error-handler'
import { useNightSettings } from '../api/get-night-settings'
import { useUpdateNightSettings } from '../api/update-night-settings'
import { zoneLabel } from '@web/lib/format'
import { NO_SHOW_RULES, type NoShowRule } from '@contract/enums'

/** Every time zone this browser knows, plus the guild's own should it not be among them. */
function timeZoneOptions(current: string) {
  const zones = Intl.supportedValuesOf('timeZone')
  const all = zones.includes(current) ? zones : [current, ...zones]
  const now = new Date()
  return all.map((zone) => ({ value: zone, label: zoneLabel(zone, now) }))
}

/**
 * The guild page's raid-night settings: the time zone nights are typed in, and what an award does to a no-show
 * ahead of its winner (docs/product-rules.md). Admins change them; members read them, each explained.
 */
export function NightSettingsCard({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation('events')
  const settings = useNightSettings()
  return (
    <SectionCard
      icon={<CalendarCog className="size-5" aria-hidden />}
      title={t('settings.title')}
      description={t('settings.description')}
    >
      {settings.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : !settings.data ? (
        <p className="text-muted-foreground text-sm">{t('settings.loadError')}</p>
      ) : isAdmin ? (
        <SettingsForm saved={settings.data} />
      ) : (
        <SettingsView settings={settings.data} />
      )}
    </SectionCard>
  )
}

function SettingsView({ settings }: { settings: RaidNightSettings }) {
  const { t } = useTranslation('events')
  return (
    <div className="grid gap-4">
      <dl className="grid gap-4 sm:grid-cols-2">
        <Detail label={t('settings.zone')}>
          <span data-testid="night-zone">{zoneLabel(settings.timeZone)}</span>
          <p className="mt-1 font-normal text-muted-foreground text-xs">{t('settings.zoneHelp')}</p>
        </Detail>
        <Detail label={t('settings.noShow')}>
          <span data-testid="night-no-show">{t(`settings.rules.${settings.noShowRule}`)}</span>
          <p className="mt-1 font-normal text-muted-foreground text-xs">
            {t(`settings.rules.${settings.noShowRule}Help`)} {t('settings.noShowHelp')}
          </p>
        </Detail>
      </dl>
      <p className="text-muted-foreground text-sm">{t('settings.readOnly')}</p>
    </div>
  )
}

function SettingsForm({ saved }: { saved: RaidNightSettings }) {
  const { t } = useTranslation('events')
  const id = useId()
  const update = useUpdateNightSettings()
  const [timeZone, setTimeZone] = useState(saved.timeZone)
  const [noShowRule, setNoShowRule] = useState<NoShowRule>(saved.noShowRule)
  // Another admin's change (a live update) shows here unless this one is editing.
  useEffect(() => setTimeZone(saved.timeZone), [saved.timeZone])
  useEffect(() => setNoShowRule(saved.noShowRule), [saved.noShowRule])
  const zones = useMemo(() => timeZoneOptions(saved.timeZone), [saved.timeZone])
  const changed = timeZone !== saved.timeZone || noShowRule !== saved.noShowRule

  // A zone the server does not know (this browser's list may hold one it lacks) is said under the field.
  const [zoneRefused, setZoneRefused] = useState(false)
  const chooseZone = (zone: string) => {
    setTimeZone(zone)
    setZoneRefused(false)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    try {
      await update.mutateAsync({ timeZone, noShowRule })
      toast.success(t('settings.saved'))
    } catch (error) {
      showFormError(error, t('settings.saveError'), ['timeZone'], () => setZoneRefused(true))
    }
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-6" aria-label={t('settings.title')}>
      <Field
        id={`${id}-zone`}
        label={t('settings.zone')}
        hint={t('settings.zoneHelp')}
        error={zoneRefused ? t('settings.invalidTimeZone') : undefined}
      >
        {(aria) => (
          <SearchableSelect
            {...aria}
            value={timeZone}
            options={zones}
            onChange={chooseZone}
            searchLabel={t('settings.zoneSearch')}
            emptyText={t('settings.zoneNone')}
          />
        )}
      </Field>
      <fieldset className="grid gap-3" aria-describedby={`${id}-rule-help`}>
        <legend className="font-medium text-sm">{t('settings.noShow')}</legend>
        <p id={`${id}-rule-help`} className="text-muted-foreground text-xs">
          {t('settings.noShowHelp')}
        </p>
        {NO_SHOW_RULES.map((rule) => (
          <label
            key={rule}
            className="flex cursor-pointer items-start gap-3 rounded-md border p-3 has-[:checked]:border-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
          >
            <input
              type="radio"
              name={`${id}-rule`}
              value={rule}
              checked={noShowRule === rule}
              onChange={() => setNoShowRule(rule)}
              aria-labelledby={`${id}-${rule}`}
              aria-describedby={`${id}-${rule}-help`}
              className="mt-0.5 size-4 accent-primary"
            />
            <span className="grid gap-1">
              <span id={`${id}-${rule}`} className="font-medium text-sm">
                {t(`settings.rules.${rule}`)}
              </span>
              <span id={`${id}-${rule}-help`} className="text-muted-foreground text-xs">
                {t(`settings.rules.${rule}Help`)}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <PendingButton type="submit" className="w-fit" pending={update.isPending} disabled={!changed}>
        {t('settings.save')}
      </PendingButton>
    </form>
  )
}
