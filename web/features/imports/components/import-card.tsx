import { Upload } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SectionCard } from '@web/components/section-card'
import { Button } from '@web/components/ui/button'
import { ImportDialog } from './import-dialog'

/** Admins, on the guild page: bring a guild's data in (docs/decisions/012-imports-and-player-page.md). */
export function ImportCard() {
  const { t } = useTranslation('imports')
  const [open, setOpen] = useState(false)
  return (
    <SectionCard title={t('card.title')} description={t('card.description')}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Upload aria-hidden />
        {t('card.open')}
      </Button>
      <ImportDialog open={open} onOpenChange={setOpen} />
    </SectionCard>
  )
}
