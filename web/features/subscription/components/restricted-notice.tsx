import { Lock } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { MessageCard, messageTexts } from '@web/components/layout/message-card'

/** A member sees why the screen is empty for them (docs/product-rules.md, "Screens"). */
export function RestrictedNotice() {
  const { t } = useTranslation('subscription')
  return <MessageCard icon={Lock} tone="primary" {...messageTexts(t, 'restricted')} level={2} />
}
