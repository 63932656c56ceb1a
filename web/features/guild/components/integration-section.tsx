import { Send, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import type { Integration, IntegrationTestResult } from '@contract/integrations'
import { ConfirmDialog } from '@web/components/confirm-dialog'
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert'
import { Button } from '@web/components/ui/button'
import { handleError } from '@web/lib/error-handler'
import { formatDateTime } from '@web/lib/format'
import { useRemoveIntegration } from '../api/remove-integration'
import { useTestIntegration } from '../api/test-integration'
import { IntegrationForm } from './integration-form'
import type { IntegrationKind } from '@contract/enums'

type Props = { kind: IntegrationKind; saved: Integration | null; allowed: boolean }

/** The key and values of what a test message's answer says. */
function testOutcome(result: IntegrationTestResult): [string, { status?: number }] {
  if (result.delivered) return ['integrations.testOk', {}]
  return result.status === null
    ? ['integrations.testUnreachable', {}]
    : ['integrations.testRefused', { status: result.status }]
}

/** One integration: why it stopped (if it did), its settings, a test message and removal. */
export function IntegrationSection({ kind, saved, allowed }: Props) {
  const { t } = useTranslation('guild')
  const test = useTestIntegration(kind)
  const remove = useRemoveIntegration(kind)
  const [result, setResult] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const headingId = `integration-${kind}`

  const sendTest = async () => {
    setResult(null)
    try {
      const [key, values] = testOutcome(await test.mutateAsync())
      setResult(t(key, values))
    } catch (error) {
      handleError(error, t('integrations.testError'))
    }
  }
  const confirmRemove = async () => {
    try {
      await remove.mutateAsync()
      toast.success(t('integrations.removed'))
      return true
    } catch (error) {
      handleError(error, t('integrations.removeError'))
      return false
    }
  }

  return (
    <section aria-labelledby={headingId} className="grid gap-4" data-testid={`integration-${kind}`}>
      <div className="grid gap-1">
        <h3 id={headingId} className="font-semibold">
          {t(`integrations.${kind}.title`)}
        </h3>
        <p className="text-muted-foreground text-sm">{t(`integrations.${kind}.description`)}</p>
        {kind === 'webhook' && (
          <a href="/api/v1/docs" className="w-fit text-primary text-sm underline underline-offset-4">
            {t('integrations.webhook.docs')}
          </a>
        )}
      </div>
      {saved?.disabled && (
        <Alert variant="destructive">
          <AlertTitle>{t('integrations.disabled.title')}</AlertTitle>
          <AlertDescription>
            {t(`integrations.disabled.${saved.disabled.reason}`, {
              status: saved.disabled.status ?? '',
              date: formatDateTime(saved.disabled.at),
            })}
          </AlertDescription>
        </Alert>
      )}
      <IntegrationForm key={saved?.updatedAt ?? 'new'} kind={kind} saved={saved} allowed={allowed} />
      {saved && (
        <div className="grid gap-2">
          {saved.lastSentAt && (
            <p className="text-muted-foreground text-xs">
              {t('integrations.lastSent', { date: formatDateTime(saved.lastSentAt) })}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" disabled={!allowed || test.isPending} onClick={() => void sendTest()}>
              <Send aria-hidden />
              {t('integrations.test')}
            </Button>
            <Button variant="ghost" className="text-destructive" onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden />
              {t('integrations.remove')}
            </Button>
          </div>
          <p role="status" className="text-sm">
            {result}
          </p>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('integrations.removeTitle')}
        description={t('integrations.removeDescription')}
        confirmLabel={t('integrations.remove')}
        cancelLabel={t('integrations.cancel')}
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setConfirming(false)}
      />
    </section>
  )
}
