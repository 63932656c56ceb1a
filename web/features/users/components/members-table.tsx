import { Pencil, Trash2, UserCheck, UserX } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Member } from '@contract/members'
import { DataTable } from '@web/components/data-table'
import { dateColumn, nameColumn } from '@web/components/table-columns'
import { type RowAction, RowActions } from '@web/components/row-actions'
import { Badge } from '@web/components/ui/badge'

const ACTIVE_TONE = 'border-emerald-600/40 bg-emerald-500/10 text-emerald-800 dark:text-emerald-300'

type Props = {
  members: Member[]
  /** The member whose activation is being changed right now. */
  busyId: string | null
  onEdit: (member: Member) => void
  onToggleActive: (member: Member) => void
  onRemove: (member: Member) => void
  /**
   * Without Pro: only deactivating and removing, which cut access (reactivating and editing give it;
   * docs/product-rules.md, "Members and invitations").
   */
  onlyCutAccess?: boolean
}

export function MembersTable({ members, busyId, onEdit, onToggleActive, onRemove, onlyCutAccess }: Props) {
  const { t } = useTranslation('users')
  const actions = (member: Member) => {
    const name = member.displayName
    const edit: RowAction = {
      icon: Pencil,
      label: t('memberActions.editNamed', { name }),
      hint: t('memberActions.edit'),
      onSelect: () => onEdit(member),
    }
    const toggle: RowAction = {
      icon: member.isActive ? UserX : UserCheck,
      disabled: busyId === member.id,
      label: t(member.isActive ? 'memberActions.deactivateNamed' : 'memberActions.activateNamed', { name }),
      hint: t(member.isActive ? 'memberActions.deactivate' : 'memberActions.activate'),
      onSelect: () => onToggleActive(member),
    }
    const remove: RowAction = {
      icon: Trash2,
      destructive: true,
      label: t('memberActions.removeNamed', { name }),
      hint: t('memberActions.remove'),
      onSelect: () => onRemove(member),
    }
    // An admin cannot deactivate, demote or remove themselves.
    const list = [
      !onlyCutAccess && edit,
      !member.isSelf && (member.isActive || !onlyCutAccess) && toggle,
      !member.isSelf && remove,
    ].filter((action): action is RowAction => Boolean(action))
    if (list.length === 0) return null
    return <RowActions menuLabel={t('actionsNamed', { ns: 'common', name })} actions={list} />
  }
  const roleBadge = (member: Member) => (
    <Badge variant={member.role === 'guild_admin' ? 'default' : 'outline'}>{t(`roles.${member.role}`)}</Badge>
  )
  const activeBadge = (member: Member) => (
    <Badge
      variant={member.isActive ? 'outline' : 'secondary'}
      className={member.isActive ? ACTIVE_TONE : undefined}
    >
      {member.isActive ? t('active.yes') : t('active.no')}
    </Badge>
  )
  return (
    <DataTable
      label={t('members.title')}
      rows={members}
      columns={[
        nameColumn(t('members.columns.displayName'), (member: Member) => (
          <>
            <div className="flex items-center gap-2">
              <span className="max-w-48 truncate">{member.displayName}</span>
              {member.isSelf && <Badge variant="secondary">{t('members.you')}</Badge>}
            </div>
            {/* On a phone the e-mail, role and status move under the name, so the row's actions stay in view. */}
            <div className="max-w-48 truncate text-xs font-normal text-muted-foreground sm:hidden">
              {member.email}
            </div>
            <div className="mt-1 flex flex-wrap gap-1 sm:hidden">
              {roleBadge(member)}
              {activeBadge(member)}
            </div>
          </>
        )),
        {
          label: t('members.columns.email'),
          className: 'hidden sm:table-cell',
          cellClassName: 'max-w-64 truncate text-muted-foreground',
          cell: (member) => member.email,
        },
        { label: t('members.columns.role'), className: 'hidden sm:table-cell', cell: roleBadge },
        { label: t('members.columns.active'), className: 'hidden sm:table-cell', cell: activeBadge },
        dateColumn(
          t('members.columns.memberSince'),
          (member: Member) => member.createdAt,
          'hidden md:table-cell',
        ),
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
