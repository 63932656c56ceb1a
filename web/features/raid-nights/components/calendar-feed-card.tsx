import { CalendarPlus, Copy, RefreshCw } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { ConfirmDialog } from '@web/components/confirm-dialog'
import { PendingButton } from '@web/components/pending-button'
import { SectionCard } from '@web/components/section-card'
import { Button } from '@web/components/ui/button'
import { Input } from '@web/components/ui/input'
import { Label } from '@web/components/ui/label'
import { Skeleton } from '@web/components/ui/skeleton'
import { runWithToast } from '@web/lib/error-handler'
import { useCalendarFeed } from '../api/get-calendar-feed'
import { useResetCalendarFeed } from '../api/reset-calendar-feed'
import { useSingleFlight } from '@web/hooks/use-single-flight'

/**
 * The guild's calendar (ICS) address: members copy it into Google Calendar or Outlook; admins make it, or a
 * new one, after which the old address stops working (CalendarFeedSchema, contract/raid-nights.ts).
 */
export function CalendarFeedCard({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation('events')
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const feed = useCalendarFeed()
  const reset = useResetCalendarFeed()
  const [asking, setAsking] = useState(false)
  // One address made per click: a double click would make two, the first one stopping at once.
  const flight = useSingleFlight()
  const busy = flight.pending || reset.isPending
  const url = feed.data?.url ?? null

  const make = (done: string) =>
    flight.run(() => runWithToast(() => reset.mutateAsync(), done, t('calendar.resetFailed')), false)

  // "Create address" goes once the address exists: focus, left on <body> by it, goes to the new address's field
  // (its text selected, ready to copy), unless the admin has moved it meanwhile.
  const [createdHere, setCreatedHere] = useState(false)
  const create = async () => {
    if (await make(t('calendar.created'))) setCreatedHere(true)
  }
  useEffect(() => {
    if (!url || !createdHere) return
    setCreatedHere(false)
    const active = document.activeElement
    if (active === null || active === document.body) input.current?.focus()
  }, [url, createdHere])

  const copy = async () => {
    if (!url) return
    try {
      await navigator.clipboard.writeText(url)
      toast.success(t('calendar.copied'))
    } catch {
      // No clipboard (an insecure origin, a refusal): leave the address selected for Ctrl+C.
      input.current?.select()
      toast.error(t('calendar.copyFailed'))
    }
  }

  return (
    <SectionCard
      icon={<CalendarPlus className="size-5" aria-hidden />}
      title={t('calendar.title')}
      description={t('calendar.description')}
      contentClassName="grid gap-3"
    >
      {feed.isPending ? (
        <Skeleton className="h-9 w-full" />
      ) : feed.error ? (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <p className="text-muted-foreground">{t('calendar.loadError')}</p>
          <Button size="sm" variant="outline" onClick={() => void feed.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : url ? (
        <>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-url`}>{t('calendar.url')}</Label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                ref={input}
                id={`${id}-url`}
                readOnly
                value={url}
                className="font-mono"
                aria-describedby={`${id}-how`}
                onFocus={(event) => event.currentTarget.select()}
              />
              <Button variant="outline" onClick={() => void copy()} className="shrink-0">
                <Copy aria-hidden />
                {t('calendar.copy')}
              </Button>
            </div>
          </div>
          <div id={`${id}-how`} className="grid gap-1 text-muted-foreground text-sm">
            <p>{t('calendar.how')}</p>
            <p>{t('calendar.secret')}</p>
          </div>
          {isAdmin && (
            <ConfirmDialog
              open={asking}
              title={t('calendar.confirmReset.title')}
              description={t('calendar.confirmReset.description')}
              confirmLabel={t('calendar.confirmReset.confirm')}
              busy={busy}
              trigger={
                <Button variant="outline" size="sm" className="w-fit">
                  <RefreshCw aria-hidden />
                  {t('calendar.reset')}
                </Button>
              }
              onOpen={() => setAsking(true)}
              onConfirm={() => make(t('calendar.resetDone'))}
              onClose={() => setAsking(false)}
            />
          )}
        </>
      ) : isAdmin ? (
        <div className="grid justify-items-start gap-2 text-sm">
          <p className="text-muted-foreground">{t('calendar.none')}</p>
          <PendingButton variant="outline" size="sm" pending={busy} onClick={() => void create()}>
            <CalendarPlus aria-hidden />
            {t('calendar.create')}
          </PendingButton>
        </div>
      ) : (
        <p className="text-muted-foreground text-sm">{t('calendar.noneMember')}</p>
      )}
    </SectionCard>
  )
}
