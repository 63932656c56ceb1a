import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { toast } from 'sonner'
import { ApiError, NetworkError } from './api-client'
import { errorMessage, handleError, resetErrorDedupe } from './error-handler'
import { i18n, initI18n } from './i18n'

vi.mock('sonner', () => ({ toast: { error: vi.fn() } }))

beforeAll(async () => {
  await initI18n('pt')
  await i18n.loadNamespaces('errors')
})
beforeEach(() => {
  resetErrorDedupe()
  vi.mocked(toast.error).mockClear()
})

describe('shared error helper', () => {
  it('maps network, session, permission and unknown failures to translated messages', () => {
    expect(errorMessage(new NetworkError())).toBe(
      'Erro de conexão. Verifique sua internet e tente novamente.',
    )
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(
      'Erro de conexão. Verifique sua internet e tente novamente.',
    )
    expect(errorMessage(new Error('JWT expired'))).toBe('Sessão expirada. Faça login novamente.')
    expect(errorMessage(new Error('permission denied for table items'))).toBe(
      'Você não tem permissão para realizar esta ação.',
    )
    expect(errorMessage(new Error('boom'))).toBe('Ocorreu um erro inesperado. Tente novamente.')
  })

  // Outside testers: a request with no cookie at all was told its session had expired.
  it('says "sign in" when no session was sent, and "expired" only for a session that was', async () => {
    expect(errorMessage(new ApiError(401, 'UNAUTHENTICATED', ''))).toBe('Entre para continuar.')
    expect(errorMessage(new ApiError(401, 'SESSION_EXPIRED', ''))).toBe(
      'Sessão expirada. Faça login novamente.',
    )
    await i18n.changeLanguage('en')
    await i18n.loadNamespaces('errors')
    expect(errorMessage(new ApiError(401, 'UNAUTHENTICATED', ''))).toBe('Sign in to continue.')
    await i18n.changeLanguage('pt')
  })

  it('translates API error codes in the current language', async () => {
    const error = new ApiError(409, 'ALREADY_IN_QUEUE', 'server text')
    expect(errorMessage(error)).toBe('Este jogador já está na fila deste item.')
    await i18n.changeLanguage('en')
    await i18n.loadNamespaces('errors')
    expect(errorMessage(error)).toBe("This player is already in this item's queue.")
    await i18n.changeLanguage('pt')
  })

  it("says a refusal whose text names values only the server has in the server's words", () => {
    const overlap = 'Esse horário se sobrepõe ao de outro evento ativo: “Raid de quinta”, …'
    expect(errorMessage(new ApiError(409, 'RAID_NIGHT_OVERLAP', overlap))).toBe(overlap)
    expect(errorMessage(new ApiError(409, 'INVITE_LIMIT_REACHED', 'até 5 convites'))).toBe('até 5 convites')
    // Without a message, the text as it is rather than nothing.
    expect(errorMessage(new ApiError(409, 'RAID_NIGHT_OVERLAP', ''))).toMatch(/^Esse horário se sobrepõe/)
  })

  it('shows an identical error once within 5 seconds, then again after', () => {
    vi.useFakeTimers()
    handleError(new NetworkError(), 'Erro ao salvar player')
    handleError(new NetworkError(), 'Erro ao salvar player')
    expect(toast.error).toHaveBeenCalledTimes(1)
    handleError(new Error('boom'), 'Erro ao salvar player')
    expect(toast.error).toHaveBeenCalledTimes(2)
    vi.advanceTimersByTime(5001)
    handleError(new NetworkError(), 'Erro ao salvar player')
    expect(toast.error).toHaveBeenCalledTimes(3)
    vi.useRealTimers()
  })
})
