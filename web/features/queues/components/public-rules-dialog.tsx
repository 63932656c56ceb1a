import { ScrollText } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@web/components/ui/button'
import { FormDialog } from '@web/components/form-dialog'
import { TextareaField } from '@web/components/form-field'
import { Label } from '@web/components/ui/label'
import { Skeleton } from '@web/components/ui/skeleton'
import { runWithToast } from '@web/lib/error-handler'
import { usePublicRules } from '../api/get-public-rules'
import { useUpdatePublicRules } from '../api/update-public-rules'
import { useErrorToast } from '@web/hooks/use-error-toast'
import { PUBLIC_RULES_MAX } from '@contract/queue-limits'

/**
 * The guild's public rules, shown on its public page. The spec opens them from a floating button; it sits
 * in the page header instead, because a floating button always covers something (the item counts on a
 * phone, the last row's menu at 1366×768: issue 14).
 */
export function PublicRulesDialog() {
  const { t } = useTranslation('items')
  const tc = useTranslation('common').t
  const [open, setOpen] = useState(false)
  const rules = usePublicRules(open)
  const save = useUpdatePublicRules()
  const [text, setText] = useState('')
  // Saving rules over the limit was refused: the box says so, as a schema form's field does, until fixed.
  const [refused, setRefused] = useState(false)
  const box = useRef<HTMLTextAreaElement>(null)
  const tooLong = text.length > PUBLIC_RULES_MAX

  useEffect(() => {
    if (open && rules.data !== undefined) setText(rules.data ?? '')
    if (open) setRefused(false)
  }, [open, rules.data])

  useErrorToast(rules.error, t('toast.errorTitle'))

  const submit = async () => {
    if (tooLong) {
      setRefused(true)
      box.current?.focus()
      return
    }
    if (await runWithToast(() => save.mutateAsync(text), t('toast.rulesUpdated'), t('toast.errorTitle'))) {
      setOpen(false)
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" aria-label={t('rules.open')}>
          <ScrollText aria-hidden />
          {t('rules.button')}
        </Button>
      }
      className="max-w-2xl"
      title={t('rules.title')}
      description={t('rules.description')}
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
      submitLabel={t('rules.save')}
      pending={save.isPending}
      submitDisabled={rules.isPending || Boolean(rules.error)}
    >
      {rules.isPending ? (
        <div className="grid gap-2">
          <Label htmlFor="public-rules">{t('rules.label')}</Label>
          <Skeleton className="h-56 w-full" />
        </div>
      ) : (
        <TextareaField
          id="public-rules"
          label={t('rules.label')}
          rows={10}
          limit={{ max: PUBLIC_RULES_MAX, length: text.length }}
          error={refused && tooLong ? tc('validation.tooLong', { max: PUBLIC_RULES_MAX }) : undefined}
          ref={box}
          placeholder={t('rules.placeholder')}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      )}
    </FormDialog>
  )
}
