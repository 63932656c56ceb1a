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
import { DialogShell } from '@web/components/form-dialog'
import { Field } from '@web/components/form-field'
import { Button } from '@web/components/ui/button'
import { DialogFooter } from '@web/components/ui/dialog'
import { ApiError, errorCode } from '@web/lib/api-client'
import { handleError } from '@web/lib/error-handler'
import { browserTimeZone } from '@web/lib/format'
import { previewImport, runImport, useRefreshAfterImport } from '../api/send-import'
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
  // A refused file is said once, under the file picker; anything else (the network) is a toast.
  const fail = (error: unknown) => {
    setState({ step: 'pick', error: error instanceof ApiError ? error.message : null })
    if (!(error instanceof ApiError)) handleError(error, t('result.error'))
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
      fail(error)
    }
  }

  const confirm = async (request: ImportRequest) => {
    try {
      setState({ step: 'working', progress: { phase: 'importing' } })
      const result = await runImport(request, upload('importing'))
      setState({ step: 'done', counts: result.counts })
      toast.success(t('result.toast'))
      refresh(result.counts)
    } catch (error) {
      // The guild changed since the preview: show what the files would do now.
      if (errorCode(error) === 'IMPORT_HAS_PROBLEMS') return check(request)
      fail(error)
    }
  }

  const preview = state.step === 'preview' ? state.preview : null
  const nothingNew = preview && Object.values(preview.counts).every((c) => c.create === 0)
  return (
    <DialogShell
      open={open}
      onOpenChange={reset}
      title={t('dialog.title')}
      description={t('dialog.description')}
      className="max-h-[90svh] overflow-y-auto sm:max-w-3xl"
    >
      {state.step === 'done' ? (
        <div className="grid gap-3">
          <div role="status">
            <h3 className="font-semibold">{t('result.title')}</h3>
          </div>
          <ImportCountsTable counts={state.counts} label={t('result.countsLabel')} />
        </div>
      ) : (
        <div className="grid gap-4">
          <Field
            id={inputId}
            label={t('dialog.files')}
            hint={t('dialog.filesHint')}
            error={(state.step === 'pick' && state.error) || undefined}
          >
            {(aria) => (
              <input
                {...aria}
                type="file"
                multiple
                accept=".csv,.json,text/csv,application/json"
                disabled={working}
                onChange={choose}
                className="text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium"
              />
            )}
          </Field>
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
    </DialogShell>
  )
}
