import { Loader2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { cn } from '@web/lib/cn'

export function Spinner({ className }: { className?: string }) {
  const { t } = useTranslation('common')
  return (
    <span role="status" className="inline-flex">
      <Loader2 aria-hidden className={cn('size-6 animate-spin text-muted-foreground', className)} />
      <span className="sr-only">{t('loading')}</span>
    </span>
  )
}

export function FullPageSpinner() {
  return (
    <div className="flex min-h-svh items-center justify-center">
      <Spinner className="size-8" />
    </div>
  )
}
