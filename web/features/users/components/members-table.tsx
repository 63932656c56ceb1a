import { Pencil, Trash2, UserCheck, UserX } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Member } from '@contract/members'
import { DataTable } from '@web/components/data-table'
import { dateColumn, nameColumn } from '@web/components/table-columns'
import { IconButton } from '@web/components/icon-button'
import { Badge } from '@web/components/ui/badge'

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
  const actions = (member: Member) => {
    const name = member.displayName
    return (
      <>
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
              label={t(member.isActive ? 'memberActions.deactivateNamed' : 'memberActions.activateNamed', {
                name,
              })}
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
      </>
    )
  }
  return (
    <DataTable
      label={t('members.title')}
      rows={members}
      columns={[
        nameColumn(t('members.columns.displayName'), (member: Member) => (
          <div className="flex items-center gap-2">
            <span className="max-w-48 truncate">{member.displayName}</span>
            {member.isSelf && <Badge variant="secondary">{t('members.you')}</Badge>}
          </div>
        )),
        {
          label: t('members.columns.email'),
          cellClassName: 'max-w-64 truncate text-muted-foreground',
          cell: (member) => member.email,
        },
        {
          label: t('members.columns.role'),
          cell: (member) => (
            <Badge variant={member.role === 'guild_admin' ? 'default' : 'outline'}>
              {t(`roles.${member.role}`)}
            </Badge>
          ),
        },
        {
          label: t('members.columns.active'),
          cell: (member) => (
            <Badge
              variant={member.isActive ? 'outline' : 'secondary'}
              className={member.isActive ? ACTIVE_TONE : undefined}
            >
              {member.isActive ? t('active.yes') : t('active.no')}
            </Badge>
          ),
        },
        dateColumn(t('members.columns.memberSince'), (member: Member) => member.createdAt),
        {
          label: t('members.columns.actions'),
          className: 'text-right',
          cellClassName: 'whitespace-nowrap',
          cell: actions,
        },
      ]}
    />
  )
}
