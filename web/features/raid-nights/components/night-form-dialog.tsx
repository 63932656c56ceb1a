import { useMemo } from 'react'
import { type FieldError, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import {
  NIGHT_DEFAULT_HOURS,
  RAID_NIGHT_DESCRIPTION_MAX,
  RAID_NIGHT_NAME_MAX,
  type RaidNight,
  RaidNightInputSchema,
} from '@contract/raid-nights'
import { AddEditDialog, useNameError, useTextError } from '@web/components/add-edit-dialog'
import { TextareaField, TextField } from '@web/components/form-field'
import { useAddEditForm } from '@web/hooks/use-add-edit-form'
import { lengthLimit, type ServerFieldError } from '@web/hooks/use-schema-form'
import type { AddEditTarget } from '@web/hooks/use-add-edit-target'
import { useCreateRaidNight } from '../api/create-raid-night'
import { useUpdateRaidNight } from '../api/update-raid-night'
import { zoneLabel } from '@web/lib/format'
import { todayIn } from '../night-format'
import { NightLongNote } from './night-long-note'
import { NightPastNote } from './night-past-note'

type FormInput = z.input<typeof RaidNightInputSchema>

/** A night's usual start: most guilds raid in the evening. */
const DEFAULT_START = '20:00'

const toValues = (night: RaidNight): FormInput => ({
  name: night.name,
  description: night.description ?? '',
  date: night.date,
  startTime: night.startTime,
  endTime: night.endTime,
})

type Props = {
  target: AddEditTarget<RaidNight>
  /** The guild's time zone: the date and times are typed on its clock, and the form says which. */
  timeZone: string
  onClose: () => void
}

/** Schedules a night or edits one: name, description, date, start and optional end, on the guild's clock. */
export function NightFormDialog({ target, timeZone, onClose }: Props) {
  const { t } = useTranslation('events')
  const nameError = useNameError('events')
  const textError = useTextError()
  const empty = useMemo<FormInput>(
    () => ({ name: '', description: '', date: todayIn(timeZone), startTime: DEFAULT_START, endTime: null }),
    [timeZone],
  )
  const { form, dialog } = useAddEditForm({
    ns: 'events',
    schema: RaidNightInputSchema,
    empty,
    toValues,
    target,
    create: useCreateRaidNight().mutateAsync,
    update: useUpdateRaidNight().mutateAsync,
    failureTitle: t('toast.saveError'),
    fields: ['name', 'description', 'date', 'startTime', 'endTime'],
    onClose,
  })
  const { errors } = form.formState
  // The schema's codes (invalidDate, invalidTime, endEqualsStart) and the server's (endBeforeStart) in words;
  // a night over another active one (RAID_NIGHT_OVERLAP, under the start) and new times that leave out an award
  // of the night (RAID_NIGHT_AWARDS_OUTSIDE, under the time field changed) in the refusal's, which name them.
  const timeError = (error: FieldError | undefined) =>
    error &&
    ((error as ServerFieldError).said ??
      t(`form.${error.message || 'invalidTime'}`, { defaultValue: t('form.invalidTime') }))
  const zone = zoneLabel(timeZone)
  const [date, startTime, endTime] = useWatch({
    control: form.control,
    name: ['date', 'startTime', 'endTime'],
  })
  // A new night, or an active one moved: said when its times are already under way or over. An edit that keeps
  // a past night's times (a name fixed after the night) is not told again where it already is.
  const night = target?.row
  const timesChanged =
    !night ||
    night.date !== date ||
    night.startTime !== startTime ||
    (night.endTime ?? null) !== (endTime ?? null)
  const moved = timesChanged && (!night || night.status === 'active')

  return (
    <AddEditDialog {...dialog} className="sm:max-w-xl">
      <TextField
        id="night-name"
        label={t('form.name')}
        placeholder={t('form.namePlaceholder')}
        error={nameError(errors.name)}
        autoComplete="off"
        limit={lengthLimit(form, 'name', RAID_NIGHT_NAME_MAX)}
        {...form.register('name')}
      />
      <TextareaField
        id="night-description"
        label={t('form.description')}
        placeholder={t('form.descriptionPlaceholder')}
        rows={3}
        limit={lengthLimit(form, 'description', RAID_NIGHT_DESCRIPTION_MAX)}
        error={textError(errors.description)}
        {...form.register('description')}
      />
      <fieldset className="grid gap-3">
        {/* Said once, as the times' group name: screen readers read it on entering the date (it was also the
            hint's first sentence, and an outside tester heard it twice). */}
        <legend className="mb-3 text-muted-foreground text-xs" data-testid="night-zone-hint">
          {t('form.zoneHint', { zone })}
        </legend>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            id="night-date"
            type="date"
            label={t('form.date')}
            error={timeError(errors.date)}
            {...form.register('date')}
          />
          <TextField
            id="night-start"
            type="time"
            label={t('form.startTime')}
            error={timeError(errors.startTime)}
            {...form.register('startTime')}
          />
          <TextField
            id="night-end"
            type="time"
            label={t('form.endTime')}
            error={timeError(errors.endTime ?? undefined)}
            // An empty end is no end.
            {...form.register('endTime', { setValueAs: (value: string | null) => value || null })}
          />
        </div>
        <p className="text-muted-foreground text-xs">{t('form.endHint', { hours: NIGHT_DEFAULT_HOURS })}</p>
        <NightPastNote typed={moved ? { date, startTime, endTime } : null} timeZone={timeZone} />
        {/* A night longer than 12 hours, as typed: said, not refused (an end before the start is the next day's). */}
        <NightLongNote typed={timesChanged ? { date, startTime, endTime } : null} timeZone={timeZone} />
      </fieldset>
    </AddEditDialog>
  )
}
