import { Copy, ExternalLink } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { SectionCard } from '@web/components/section-card'
import { Button } from '@web/components/ui/button'
import { Input } from '@web/components/ui/input'
import { Label } from '@web/components/ui/label'
import { runWithToast } from '@web/lib/error-handler'
import { pageOrigin } from '@web/lib/render-request'

export function PublicLinkCard({ slug }: { slug: string }) {
  const { t } = useTranslation('guild')
  const url = `${pageOrigin()}/guilds/${slug}`
  const copy = () =>
    runWithToast(() => navigator.clipboard.writeText(url), t('publicLink.copied'), t('publicLink.copyError'))
  return (
    <SectionCard
      title={t('publicLink.title')}
      description={t('publicLink.description')}
      contentClassName="grid gap-2"
    >
      <Label htmlFor="public-link" className="sr-only">
        {t('publicLink.title')}
      </Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id="public-link"
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="font-mono"
        />
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => void copy()} className="flex-1 sm:flex-none">
            <Copy aria-hidden />
            {t('publicLink.copy')}
          </Button>
          <Button variant="outline" asChild className="flex-1 sm:flex-none">
            <a href={url} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden />
              {t('publicLink.open')}
              <span className="sr-only">{t('publicLink.newTab')}</span>
            </a>
          </Button>
        </div>
      </div>
    </SectionCard>
  )
}
