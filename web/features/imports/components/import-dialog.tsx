import { type ChangeEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_FILES,
  type ImportCounts,
  type ImportPreview,
  type ImportRequest,
} from '@contract/imports'
import { Button } from '@web/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog'
import { FieldError, Label } from '@web/components/ui/label'
import { ApiError } from '@web/lib/api-client'
import { handleError } from '@web/lib/error-handler'
import { browserTimeZone, previewImport, runImport, useRefreshAfterImport } from '../api/send-import'
import { ImportCountsTable } from './import-counts'
import { ImportPreviewView } from './import-preview'
import { ImportProgress, type Progress } from './import-progress'

type Step =
  | { step: 'pick'; error: string | null }
  | { step: 'working'; progress: Progress }
  | { step: 'preview'; preview: ImportPreview; request: ImportRequest }
  | { step: 'done'; counts: ImportCounts }

const PICK: Step = { step: 'pick', error: null }

/** Pick files, check them (the server's preview: nothing written), then import, with progress throughout. */
export function ImportDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { t } = useTranslation('imports')
  const inputId = useId()
  const [files, setFiles] = useState<File[]>([])
  const [state, setState] = useState<Step>(PICK)
  const refresh = useRefreshAfterImport()
  const working = state.step === 'working'

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    setFiles([...(event.target.files ?? [])])
    setState(PICK)
  }
  const reset = (next: boolean) => {
    if (working) return
    onOpenChange(next)
    if (!next) {
      setFiles([])
      setState(PICK)
    }
  }
  const upload = (then: 'checking' | 'importing') => (sent: number) =>
    setState({ step: 'working', progress: sent < 1 ? { phase: 'uploading', sent, then } : { phase: then } })

  const check = async (request?: ImportRequest) => {
    if (files.length > IMPORT_MAX_FILES) return setState({ step: 'pick', error: t('dialog.tooMany') })
    if (files.reduce((sum, f) => sum + f.size, 0) > IMPORT_MAX_BYTES)
      return setState({ step: 'pick', error: t('dialog.tooLarge') })
    try {
      setState({ step: 'working', progress: { phase: 'reading' } })
      const body = request ?? {
        files: await Promise.all(files.map(async (f) => ({ name: f.name, content: await f.text() }))),
        timeZone: browserTimeZone(),
      }
      const preview = await previewImport(body, upload('checking'))
      setState({ step: 'preview', preview, request: body })
    } catch (error) {
      setState({ step: 'pick', error: error instanceof ApiError ? error.message : null })
      handleError(error, t('result.error'))
    }
  }

  const confirm = async (request: ImportRequest) => {
    try {
      setState({ step: 'working', progress: { phase: 'importing' } })
      const result = await runImport(request, upload('importing'))
      setState({ step: 'done', counts: result.counts })
      toast.success(t('result.toast'))
      refresh()
    } catch (error) {
      // The guild changed since the preview: show what the files would do now.
      if (error instanceof ApiError && error.code === 'IMPORT_HAS_PROBLEMS') return check(request)
      setState({ step: 'pick', error: error instanceof ApiError ? error.message : null })
      handleError(error, t('result.error'))
    }
  }

  const preview = state.step === 'preview' ? state.preview : null
  const nothingNew = preview && Object.values(preview.counts).every((c) => c.create === 0)
  return (
    <Dialog open={open} onOpenChange={reset}>
      <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t('dialog.title')}</DialogTitle>
          <DialogDescription>{t('dialog.description')}</DialogDescription>
        </DialogHeader>
        {state.step === 'done' ? (
          <div className="grid gap-3">
            <div role="status">
              <h3 className="font-semibold">{t('result.title')}</h3>
            </div>
            <ImportCountsTable counts={state.counts} />
          </div>
        ) : (
          <div className="grid gap-4">
            <div className="grid gap-2">
              <Label htmlFor={inputId}>{t('dialog.files')}</Label>
              <input
                id={inputId}
                type="file"
                multiple
                accept=".csv,.json,text/csv,application/json"
                disabled={working}
                onChange={choose}
                aria-describedby={`${inputId}-hint`}
                className="text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium"
              />
              <p id={`${inputId}-hint`} className="text-xs text-muted-foreground">
                {t('dialog.filesHint')}
              </p>
              {state.step === 'pick' && <FieldError>{state.error}</FieldError>}
            </div>
            {state.step === 'working' && <ImportProgress progress={state.progress} />}
            {preview && <ImportPreviewView preview={preview} />}
            {nothingNew && preview.problemCount === 0 && <p className="text-sm">{t('preview.nothing')}</p>}
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" disabled={working} onClick={() => reset(false)}>
            {state.step === 'done' ? t('dialog.close') : t('dialog.cancel')}
          </Button>
          {state.step === 'pick' && (
            <Button disabled={files.length === 0} onClick={() => void check()}>
              {t('dialog.check')}
            </Button>
          )}
          {state.step === 'preview' && (
            <Button
              disabled={state.preview.problemCount > 0 || Boolean(nothingNew)}
              onClick={() => void confirm(state.request)}
            >
              {t('dialog.confirm')}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
