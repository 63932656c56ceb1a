import { Upload } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@web/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card'
import { ImportDialog } from './import-dialog'

/** Admins, on the guild page: bring a guild's data in (docs/decisions/012-imports-and-player-page.md). */
export function ImportCard() {
  const { t } = useTranslation('imports')
  const [open, setOpen] = useState(false)
  return (
    <Card>
      <CardHeader>
        <h2 className="font-semibold leading-none tracking-tight">{t('card.title')}</h2>
        <CardDescription>{t('card.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={() => setOpen(true)}>
          <Upload aria-hidden />
          {t('card.open')}
        </Button>
        <ImportDialog open={open} onOpenChange={setOpen} />
      </CardContent>
    </Card>
  )
}
