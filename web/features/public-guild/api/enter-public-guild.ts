import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@web/lib/api-client'
import { publicKey, publicPath } from './get-public-gate'

type AccessResult = { ok: true; expiresAt: string }

/** The server checks the password and answers with an httpOnly cookie; the browser never holds a secret. */
export const enterPublicGuild = (slug: string, password: string) =>
  api<AccessResult>(`${publicPath(slug)}/access`, { method: 'POST', body: { password } })

export function useEnterPublicGuild(slug: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (password: string) => enterPublicGuild(slug, password),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicKey(slug) }),
  })
}
