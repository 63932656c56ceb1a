import { Pencil, Trash2, UserCheck, UserX } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Member } from '@contract/members'
import { DateCell } from '@web/components/date-cell'
import { IconButton } from '@web/components/icon-button'
import { Badge } from '@web/components/ui/badge'
import { Table, TableBody, TableCell, TableColumns, TableRow } from '@web/components/ui/table'

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
      <TableColumns
        columns={[
          t('members.columns.displayName'),
          t('members.columns.email'),
          t('members.columns.role'),
          t('members.columns.active'),
          t('members.columns.memberSince'),
          { label: t('members.columns.actions'), className: 'text-right' },
        ]}
      />
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
              <DateCell at={member.createdAt} />
              <TableCell className="text-right whitespace-nowrap">
                <IconButton
                  icon={Pencil}
                  label={t('memberActions.editNamed', { name })}
                  hint={t('memberActions.edit')}
                  onClick={() => onEdit(member)}
                />
                {/* An admin cannot deactivate, demote or remove themselves. */}
                {!member.isSelf && (
                  <>
                    <IconButton
                      icon={member.isActive ? UserX : UserCheck}
                      disabled={busyId === member.id}
                      label={t(
                        member.isActive ? 'memberActions.deactivateNamed' : 'memberActions.activateNamed',
                        { name },
                      )}
                      hint={t(member.isActive ? 'memberActions.deactivate' : 'memberActions.activate')}
                      onClick={() => onToggleActive(member)}
                    />
                    <IconButton
                      icon={Trash2}
                      destructive
                      label={t('memberActions.removeNamed', { name })}
                      hint={t('memberActions.remove')}
                      onClick={() => onRemove(member)}
                    />
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
