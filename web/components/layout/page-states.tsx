import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert'
import { Button } from '@web/components/ui/button'

// The pieces every dashboard screen shares. Texts come from the screen's own namespace.

export function PageHeader({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <header className="grid gap-1">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="text-sm text-muted-foreground">{subtitle}</p>
    </header>
  )
}

/** A signed-in user who belongs to no guild (the API answered NO_GUILD). */
export function NoGuildAlert({ title, description }: { title: string; description: string }) {
  return (
    <Alert>
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>{description}</AlertDescription>
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
    <NoGuildAlert title={t('noGuild.title')} description={t('noGuild.description')} />
  ) : (
    <LoadErrorAlert
      title={t('toast.loadError')}
      help={t('loadErrorHelp')}
      retryLabel={t('retry')}
      onRetry={onRetry}
    />
  )
}
