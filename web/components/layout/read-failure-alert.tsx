import { useTranslation } from 'react-i18next'
import { errorMessage } from '@web/lib/error-handler'
import { LoadErrorAlert } from './page-states'

/**
 * A read that failed for a reason the screen has no words of its own for (the billing status, a sandbox
 * session): its title, the reason as errorMessage words the error, and a retry.
 */
export function ReadFailureAlert({
  error,
  title,
  onRetry,
}: {
  error: unknown
  title: string
  onRetry: () => void
}) {
  const { t } = useTranslation('common')
  return <LoadErrorAlert title={title} help={errorMessage(error)} retryLabel={t('retry')} onRetry={onRetry} />
}
