import { ScrollText } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { PUBLIC_RULES_MAX } from '@contract/queues'
import { Button } from '@web/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@web/components/ui/dialog'
import { Textarea } from '@web/components/ui/textarea'
import { Label } from '@web/components/ui/label'
import { Skeleton } from '@web/components/ui/skeleton'
import { handleError } from '@web/lib/error-handler'
import { usePublicRules } from '../api/get-public-rules'
import { useUpdatePublicRules } from '../api/update-public-rules'

/**
 * The guild's public rules, shown on its public page. The spec opens them from a floating button; it sits
 * in the page header instead, because a floating button always covers something (the item counts on a
 * phone, the last row's menu at 1366×768: issue 14).
 */
export function PublicRulesDialog() {
  const { t } = useTranslation('items')
  const [open, setOpen] = useState(false)
  const rules = usePublicRules(open)
  const save = useUpdatePublicRules()
  const [text, setText] = useState('')

  useEffect(() => {
    if (open && rules.data !== undefined) setText(rules.data ?? '')
  }, [open, rules.data])

  useEffect(() => {
    if (rules.error) handleError(rules.error, t('toast.errorTitle'))
  }, [rules.error, t])

  const submit = async () => {
    try {
      await save.mutateAsync(text)
      toast.success(t('toast.rulesUpdated'))
      setOpen(false)
    } catch (error) {
      handleError(error, t('toast.errorTitle'))
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" aria-label={t('rules.open')}>
          <ScrollText aria-hidden />
          {t('rules.button')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('rules.title')}</DialogTitle>
          <DialogDescription>{t('rules.description')}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault()
            void submit()
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor="public-rules">{t('rules.label')}</Label>
            {rules.isPending ? (
              <Skeleton className="h-56 w-full" />
            ) : (
              <Textarea
                id="public-rules"
                rows={10}
                maxLength={PUBLIC_RULES_MAX}
                placeholder={t('rules.placeholder')}
                value={text}
                onChange={(event) => setText(event.target.value)}
              />
            )}
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" disabled={rules.isPending || Boolean(rules.error) || save.isPending}>
              {t('rules.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
