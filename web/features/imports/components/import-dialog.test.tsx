import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { ImportPreview, ImportRequest } from '@contract/imports'
import { loadTexts, renderPage } from '@web/test/render'
import { ImportCard } from './import-card'

// The import dialog: pick files, read the server's preview (problems by line), fix, import; a progress
// bar while a file is sent. The server is played by a stand-in XMLHttpRequest (uploads report progress).

type Sent = { path: string; body: ImportRequest }
type Answer = { status: number; body: unknown }

function fakeXhr(answer: (sent: Sent) => Answer, hold?: Promise<void>) {
  const sent: Sent[] = []
  class FakeXhr {
    status = 0
    statusText = ''
    responseText = ''
    withCredentials = false
    upload: {
      onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null
    } = {
      onprogress: null,
    }
    onload: (() => void) | null = null
    onerror: (() => void) | null = null
    private path = ''
    open(_method: string, url: string) {
      this.path = url.replace(/^\/api\/v1/, '')
    }
    setRequestHeader() {}
    send(body: string) {
      const call = { path: this.path, body: JSON.parse(body) as ImportRequest }
      sent.push(call)
      this.upload.onprogress?.({ lengthComputable: true, loaded: body.length / 4, total: body.length })
      void (async () => {
        await hold
        this.upload.onprogress?.({ lengthComputable: true, loaded: body.length, total: body.length })
        const reply = answer(call)
        this.status = reply.status
        this.responseText = JSON.stringify(reply.body)
        this.onload?.()
      })()
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  return sent
}

const counts = (players: number) => ({
  ranks: { create: 0, existing: 0 },
  players: { create: players, existing: 0 },
  items: { create: 0, existing: 0 },
  queueEntries: { create: 0, existing: 0 },
  history: { create: 0, existing: 0 },
  raidNights: { create: 0, existing: 0 },
  attendance: { create: 0, existing: 0 },
})
const emptySample = { players: [], items: [], queueEntries: [], history: [] }
const preview = (over: Partial<ImportPreview>): ImportPreview => ({
  files: [{ name: 'jogadores.csv', kind: 'players', delimiter: ';', rows: 3, ignoredColumns: [] }],
  counts: counts(3),
  sample: emptySample,
  problems: [],
  problemCount: 0,
  warnings: [],
  unknownDistributors: [],
  setsSettings: false,
  setsNightSettings: null,
  publicRules: null,
  leftOut: [],
  ...over,
})
const problem = (line: number, message: string) => ({
  file: 'jogadores.csv',
  line,
  section: null,
  index: null,
  code: 'unknownStatus' as const,
  field: 'Status',
  value: 'x',
  message,
})

async function openDialog() {
  await loadTexts(['imports', 'players', 'history'])
  renderPage(<ImportCard />)
  fireEvent.click(await screen.findByRole('button', { name: 'Importar' }))
  return screen.findByRole('dialog')
}

function pick(dialog: HTMLElement, ...files: File[]) {
  fireEvent.change(within(dialog).getByLabelText('Arquivos'), { target: { files } })
}

describe('the import dialog', () => {
  it('shows every problem by line, keeps Import off, then imports the fixed file', async () => {
    const sent = fakeXhr(({ path, body }) => {
      const bad = body.files[0]!.content.includes('Sumido')
      if (path === '/guild/import/preview')
        return bad
          ? {
              status: 200,
              body: preview({
                problems: [problem(3, 'Status desconhecido: "Sumido".'), problem(5, 'Falta o nome (Nome).')],
                problemCount: 2,
              }),
            }
          : {
              status: 200,
              body: preview({
                sample: {
                  ...emptySample,
                  players: [{ name: 'Ana', notes: null, playerStatus: 'active', rankName: 'Raider' }],
                  queueEntries: [{ itemName: 'Espada', playerName: 'Ana', position: 21 }],
                },
              }),
            }
      return { status: 200, body: { counts: counts(3) } }
    })
    const dialog = await openDialog()
    pick(dialog, new File(['Nome;Status\nAna;Ativo\nBia;Sumido\nCaio;\n;Ativo\n'], 'jogadores.csv'))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferir' }))
    await within(dialog).findByText('2 problemas encontrados. Corrija os arquivos e escolha-os de novo.')
    const rows = within(dialog).getAllByTestId('import-problem')
    expect(rows.map((r) => r.textContent)).toEqual([
      'jogadores.csv3Status desconhecido: "Sumido".',
      'jogadores.csv5Falta o nome (Nome).',
    ])
    expect((within(dialog).getByRole('button', { name: 'Importar' }) as HTMLButtonElement).disabled).toBe(
      true,
    )
    expect(sent).toHaveLength(1)
    expect(sent[0]!.body.timeZone).toBeTruthy()

    pick(dialog, new File(['Nome;Status\nAna;Ativo\nBia;Ativo\nCaio;\n'], 'jogadores.csv'))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferir' }))
    await within(dialog).findByText('Nenhum problema encontrado.')
    expect(within(dialog).getByTestId('import-count-players').textContent).toBe('Jogadores30')
    // The first rows say each player's rank, and where a queue's newcomers go (outside tester J).
    const players = within(dialog).getByRole('table', { name: 'Primeiras linhas: Jogadores' })
    expect(
      within(players)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Ana', 'Ativo', 'Raider'])
    expect(
      within(dialog).getByText(
        'A posição é a que o jogador terá na fila: quem entra numa fila que já tem jogadores vai para o fim dela, na ordem das posições do arquivo.',
      ),
    ).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Importar' }))
    await within(dialog).findByText('Importação concluída')
    // The counts now say what was imported, not what would be.
    expect(within(dialog).getByRole('table', { name: 'O que foi importado' })).toBeTruthy()
    expect(within(dialog).queryByRole('table', { name: 'O que será importado' })).toBeNull()
    expect(sent.map((s) => s.path)).toEqual([
      '/guild/import/preview',
      '/guild/import/preview',
      '/guild/import',
    ])
    // The import sends exactly what was checked.
    expect(sent[2]!.body).toEqual(sent[1]!.body)
  })

  it('shows the upload as a progress bar with its share, then the server step', async () => {
    let release = () => {}
    const hold = new Promise<void>((resolve) => {
      release = resolve
    })
    fakeXhr(() => ({ status: 200, body: preview({}) }), hold)
    const dialog = await openDialog()
    pick(dialog, new File(['Nome\nAna\n'], 'jogadores.csv'))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferir' }))
    const bar = await within(dialog).findByRole('progressbar', { name: 'Andamento da importação' })
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('25'))
    expect(bar.getAttribute('aria-valuetext')).toBe('Enviando… 25%')
    release()
    await within(dialog).findByText('Nenhum problema encontrado.')
    expect(within(dialog).queryByRole('progressbar')).toBeNull()
  })

  it("counts a guild export's events and attendance marks, new and already in the guild", async () => {
    const exportCounts = {
      ...counts(2),
      raidNights: { create: 1, existing: 2 },
      attendance: { create: 3, existing: 4 },
    }
    const files: ImportPreview['files'] = [
      { name: 'guild.json', kind: 'guildExport', delimiter: null, rows: 12, ignoredColumns: [] },
    ]
    fakeXhr(() => ({ status: 200, body: preview({ files, counts: exportCounts }) }))
    const dialog = await openDialog()
    pick(dialog, new File(['{}'], 'guild.json'))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferir' }))
    await within(dialog).findByText('Nenhum problema encontrado.')
    expect(within(dialog).getByTestId('import-count-raidNights').textContent).toBe('Eventos12')
    expect(within(dialog).getByTestId('import-count-attendance').textContent).toBe('Marcações de presença34')
  })

  // A guild export holds more than an import takes: the preview says what stays behind, only what the file
  // holds, which rules win (the guild's own are never overwritten), and when the guild's time zone and
  // no-show rule become the export's.
  it.each([
    {
      language: 'pt' as const,
      buttons: { open: 'Importar', files: 'Arquivos', check: 'Conferir' },
      noProblems: 'Nenhum problema encontrado.',
      leftOut:
        'Não são importados: registro de atividades, usuários, integrações (Discord e webhooks), senha da página pública, assinatura.',
      kept: 'A guild já tem regras: ficam as dela, e as do arquivo não são importadas.',
      imported: 'A guild ainda não tem regras: as regras do arquivo passam a ser as regras da guild.',
      nightSettings:
        'O fuso horário e a regra de quem faltou sem avisar da guild passarão a ser os da exportação: Europe/Lisbon; quem faltou sem avisar fica ausente na fila.',
    },
    {
      language: 'en' as const,
      buttons: { open: 'Import', files: 'Files', check: 'Check' },
      noProblems: 'No problems found.',
      leftOut:
        'Not imported: activity log, users, integrations (Discord and webhooks), public page password, subscription.',
      kept: 'The guild already has rules: its own stay, and the file’s are not imported.',
      imported: 'The guild has no rules yet: the file’s rules become the guild’s rules.',
      nightSettings:
        'The guild’s time zone and no-show rule will be set to the export’s: Europe/Lisbon; a no-show is marked absent in that queue.',
    },
  ])(
    '$language: says in one line what a guild export holds that is not imported, whose rules win, and when the night settings change',
    async ({ language, buttons, noProblems, leftOut, kept, imported, nightSettings }) => {
      const files: ImportPreview['files'] = [
        { name: 'guild.json', kind: 'guildExport', delimiter: null, rows: 12, ignoredColumns: [] },
      ]
      let rules: ImportPreview['publicRules'] = 'kept'
      let setsNightSettings: ImportPreview['setsNightSettings'] = {
        timeZone: 'Europe/Lisbon',
        noShowRule: 'absent',
      }
      fakeXhr(() => ({
        status: 200,
        body: preview({
          files,
          publicRules: rules,
          setsNightSettings,
          leftOut: ['auditLog', 'members', 'integrations', 'publicPassword', 'subscription'],
        }),
      }))
      await loadTexts(['imports', 'players', 'history'], language)
      renderPage(<ImportCard />)
      fireEvent.click(await screen.findByRole('button', { name: buttons.open }))
      const dialog = await screen.findByRole('dialog')
      const check = () => {
        fireEvent.change(within(dialog).getByLabelText(buttons.files), {
          target: { files: [new File(['{}'], 'guild.json')] },
        })
        fireEvent.click(within(dialog).getByRole('button', { name: buttons.check }))
      }
      check()
      await within(dialog).findByText(noProblems)
      expect(within(dialog).getByTestId('import-left-out').textContent).toBe(leftOut)
      expect(within(dialog).getByText(kept)).toBeTruthy()
      expect(within(dialog).queryByText(imported)).toBeNull()
      expect(within(dialog).getByText(nightSettings)).toBeTruthy()

      // Into a guild without rules, the file's are taken; a guild already on the export's time zone and
      // no-show rule hears nothing of them.
      rules = 'imported'
      setsNightSettings = null
      check()
      expect(await within(dialog).findByText(imported)).toBeTruthy()
      expect(within(dialog).queryByText(kept)).toBeNull()
      expect(within(dialog).queryByText(nightSettings)).toBeNull()
    },
  )

  it('says nothing is left out when the files hold nothing the import leaves', async () => {
    fakeXhr(() => ({ status: 200, body: preview({}) }))
    const dialog = await openDialog()
    pick(dialog, new File(['Nome\nAna\n'], 'jogadores.csv'))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferir' }))
    await within(dialog).findByText('Nenhum problema encontrado.')
    expect(within(dialog).queryByTestId('import-left-out')).toBeNull()
  })

  it('lists the warnings under their heading and still lets the import go (importing accepts them)', async () => {
    const repeated =
      '“Ana” aparece mais de uma vez com os mesmos dados (jogadores.csv: linhas 2 e 4): será importado uma vez.'
    const extra =
      'Há células além das colunas do cabeçalho (jogadores.csv: linha 3): essas células não serão importadas.'
    const at = (line: number) => ({ file: 'jogadores.csv', line, section: null, index: null })
    const sent = fakeXhr(({ path }) =>
      path === '/guild/import/preview'
        ? {
            status: 200,
            body: preview({
              warnings: [
                { code: 'repeatedPlayer', places: [at(2), at(4)], value: 'Ana', message: repeated },
                { code: 'extraCells', places: [at(3)], value: null, message: extra },
              ],
            }),
          }
        : { status: 200, body: { counts: counts(2) } },
    )
    const dialog = await openDialog()
    pick(dialog, new File(['Nome\nAna\nBia;x\nAna\n'], 'jogadores.csv'))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferir' }))
    const list = await within(dialog).findByRole('list', { name: 'Avisos da prévia' })
    expect(within(dialog).getByRole('heading', { name: 'Avisos' })).toBeTruthy()
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([repeated, extra])
    const importButton = within(dialog).getByRole('button', { name: 'Importar' }) as HTMLButtonElement
    expect(importButton.disabled).toBe(false)
    fireEvent.click(importButton)
    await within(dialog).findByText('Importação concluída')
    expect(sent.map((s) => s.path)).toEqual(['/guild/import/preview', '/guild/import'])
  })

  it('refuses more than 10 MB before sending anything', async () => {
    const sent = fakeXhr(() => ({ status: 200, body: preview({}) }))
    const dialog = await openDialog()
    const big = new File(['x'], 'grande.csv')
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 })
    pick(dialog, big)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferir' }))
    expect(await within(dialog).findByText('Os arquivos passam de 10 MB.')).toBeTruthy()
    expect(sent).toEqual([])
  })
})
