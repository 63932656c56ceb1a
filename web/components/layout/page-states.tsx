import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert'
import { Button } from '@web/components/ui/button'
import { cn } from '@web/lib/cn'

// The pieces every dashboard screen shares. Texts come from the screen's own namespace.

const WIDTHS = { narrow: 'max-w-3xl', medium: 'max-w-5xl', wide: 'max-w-6xl', full: 'max-w-7xl' } as const

/**
 * A dashboard screen's frame: as wide as its content needs, its title and subtitle (with the screen's
 * `actions`, such as an add button, beside them), then the content.
 */
export function DashboardPage({
  title,
  subtitle,
  actions,
  width,
  className,
  children,
}: {
  title: string
  subtitle: string
  actions?: ReactNode
  width: keyof typeof WIDTHS
  className?: string
  children: ReactNode
}) {
  return (
    <div className={cn('mx-auto grid w-full grid-cols-1 gap-6 p-4 md:p-6', WIDTHS[width], className)}>
      {actions ? (
        <div className="flex flex-wrap items-start justify-between gap-4">
          <PageHeader title={title} subtitle={subtitle} />
          {actions}
        </div>
      ) : (
        <PageHeader title={title} subtitle={subtitle} />
      )}
      {children}
    </div>
  )
}

export function PageHeader({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <header className="grid gap-1">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="text-sm text-muted-foreground">{subtitle}</p>
    </header>
  )
}

/**
 * A signed-in user who belongs to no guild (the API answered NO_GUILD), in the words of the screen's
 * namespace `ns` (noGuild.title, noGuild.description).
 */
export function NoGuildAlert({ ns }: { ns: string }) {
  const { t } = useTranslation(ns)
  return (
    <Alert>
      <AlertTitle>{t('noGuild.title')}</AlertTitle>
      <AlertDescription>{t('noGuild.description')}</AlertDescription>
    </Alert>
  )
}

/** The screen's data could not load: say so and offer a retry. */
export function LoadErrorAlert({
  title,
  help,
  retryLabel,
  onRetry,
}: {
  title: string
  help: ReactNode
  retryLabel: string
  onRetry: () => void
}) {
  return (
    <Alert variant="destructive">
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription className="flex flex-wrap items-center gap-3">
        {help}
        <Button size="sm" variant="outline" onClick={onRetry}>
          {retryLabel}
        </Button>
      </AlertDescription>
    </Alert>
  )
}

/**
 * A list screen whose data did not load: NO_GUILD, or another failure with a retry. The texts come from the
 * screen's namespace `ns` (noGuild.title, noGuild.description, toast.loadError, loadErrorHelp, retry).
 */
export function ListLoadProblem({
  ns,
  noGuild,
  onRetry,
}: {
  ns: string
  noGuild: boolean
  onRetry: () => void
}) {
  const { t } = useTranslation(ns)
  return noGuild ? (
    <NoGuildAlert ns={ns} />
  ) : (
    <LoadErrorAlert
      title={t('toast.loadError')}
      help={t('loadErrorHelp')}
      retryLabel={t('retry')}
      onRetry={onRetry}
    />
  )
}
