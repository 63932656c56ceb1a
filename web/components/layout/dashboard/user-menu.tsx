import { LogOut, Settings, UserRound } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import type { Me } from '@contract/accounts'
import { Button } from '@web/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu'
import { handleError } from '@web/lib/error-handler'
import { useSignOut } from '@web/lib/session'
import { InitialsAvatar } from './avatar'

export function UserMenu({ me }: { me: Me }) {
  const { t } = useTranslation('dashboard')
  const navigate = useNavigate()
  const signOut = useSignOut()
  const name = me.profile?.displayName ?? me.user.name

  const onSignOut = async () => {
    try {
      await signOut.mutateAsync()
      navigate('/', { replace: true })
    } catch (error) {
      handleError(error, t('userMenu.signOutError'))
    }
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="rounded-full">
          <InitialsAvatar name={name} email={me.user.email} />
          <span className="sr-only">{t('userMenu.open', { name })}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="font-normal">
          <span className="block truncate font-semibold">{name}</span>
          <span className="block truncate text-muted-foreground text-xs">{me.user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/dashboard/profile')}>
          <UserRound aria-hidden />
          {t('userMenu.profile')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/dashboard/settings')}>
          <Settings aria-hidden />
          {t('userMenu.settings')}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void onSignOut()}>
          <LogOut aria-hidden />
          {t('userMenu.signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
