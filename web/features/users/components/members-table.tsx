import { Pencil, Trash2, UserCheck, UserX } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Member } from '@contract/members'
import { Badge } from '@web/components/ui/badge'
import { Button } from '@web/components/ui/button'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table'
import { formatDate } from '@web/lib/format'

const ACTIVE_TONE = 'border-emerald-600/40 bg-emerald-500/10 text-emerald-800 dark:text-emerald-300'

type Props = {
  members: Member[]
  /** The member whose activation is being changed right now. */
  busyId: string | null
  onEdit: (member: Member) => void
  onToggleActive: (member: Member) => void
  onRemove: (member: Member) => void
}

export function MembersTable({ members, busyId, onEdit, onToggleActive, onRemove }: Props) {
  const { t } = useTranslation('users')
  return (
    <Table label={t('members.title')}>
      <TableHeader>
        <TableRow>
          <TableHead>{t('members.columns.displayName')}</TableHead>
          <TableHead>{t('members.columns.email')}</TableHead>
          <TableHead>{t('members.columns.role')}</TableHead>
          <TableHead>{t('members.columns.active')}</TableHead>
          <TableHead>{t('members.columns.memberSince')}</TableHead>
          <TableHead className="text-right">{t('members.columns.actions')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {members.map((member) => {
          const name = member.displayName
          return (
            <TableRow key={member.id}>
              <TableCell className="font-medium">
                <div className="flex items-center gap-2">
                  <span className="max-w-48 truncate">{name}</span>
                  {member.isSelf && <Badge variant="secondary">{t('members.you')}</Badge>}
                </div>
              </TableCell>
              <TableCell className="max-w-64 truncate text-muted-foreground">{member.email}</TableCell>
              <TableCell>
                <Badge variant={member.role === 'guild_admin' ? 'default' : 'outline'}>
                  {t(`roles.${member.role}`)}
                </Badge>
              </TableCell>
              <TableCell>
                <Badge
                  variant={member.isActive ? 'outline' : 'secondary'}
                  className={member.isActive ? ACTIVE_TONE : undefined}
                >
                  {member.isActive ? t('active.yes') : t('active.no')}
                </Badge>
              </TableCell>
              <TableCell className="whitespace-nowrap text-muted-foreground">
                {formatDate(member.createdAt)}
              </TableCell>
              <TableCell className="text-right whitespace-nowrap">
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('memberActions.editNamed', { name })}
                  title={t('memberActions.edit')}
                  onClick={() => onEdit(member)}
                >
                  <Pencil aria-hidden />
                </Button>
                {/* An admin cannot deactivate, demote or remove themselves. */}
                {!member.isSelf && (
                  <>
                    <Button
                      variant="ghost"
                      size="icon"
                      disabled={busyId === member.id}
                      aria-label={t(
                        member.isActive ? 'memberActions.deactivateNamed' : 'memberActions.activateNamed',
                        {
                          name,
                        },
                      )}
                      title={t(member.isActive ? 'memberActions.deactivate' : 'memberActions.activate')}
                      onClick={() => onToggleActive(member)}
                    >
                      {member.isActive ? <UserX aria-hidden /> : <UserCheck aria-hidden />}
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="text-destructive hover:text-destructive"
                      aria-label={t('memberActions.removeNamed', { name })}
                      title={t('memberActions.remove')}
                      onClick={() => onRemove(member)}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  </>
                )}
              </TableCell>
            </TableRow>
          )
        })}
      </TableBody>
    </Table>
  )
}
