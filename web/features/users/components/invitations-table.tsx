import { MailPlus, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Invitation } from '@contract/members'
import { DateCell } from '@web/components/date-cell'
import { IconButton } from '@web/components/icon-button'
import { Table, TableBody, TableCell, TableColumns, TableRow } from '@web/components/ui/table'
import { formatDate } from '@web/lib/format'
import { EmptyState } from '@web/components/layout/empty-state'
import { InvitationStatusBadge } from './invitation-status-badge'

type Props = { invitations: Invitation[]; onCancel: (invitation: Invitation) => void }

export function InvitationsTable({ invitations, onCancel }: Props) {
  const { t } = useTranslation('users')
  if (invitations.length === 0) {
    return (
      <EmptyState icon={MailPlus} title={t('invitations.empty')} description={t('invitations.emptyHelp')} />
    )
  }
  return (
    <Table label={t('invitations.title')}>
      <TableColumns
        columns={[
          t('invitations.columns.email'),
          t('invitations.columns.displayName'),
          t('invitations.columns.status'),
          t('invitations.columns.sentAt'),
          t('invitations.columns.expiresAt'),
          { label: t('invitations.columns.actions'), className: 'text-right' },
        ]}
      />
      <TableBody>
        {invitations.map((invitation) => (
          <TableRow key={invitation.id}>
            <TableCell className="max-w-64 truncate font-medium">{invitation.email}</TableCell>
            <TableCell className="max-w-48 truncate">{invitation.displayName}</TableCell>
            <TableCell>
              <InvitationStatusBadge invitation={invitation} />
            </TableCell>
            <DateCell at={invitation.createdAt} />
            <TableCell className="whitespace-nowrap text-muted-foreground">
              {invitation.status === 'pending' ? formatDate(invitation.expiresAt) : '—'}
            </TableCell>
            <TableCell className="text-right">
              {/* Only a pending invitation can be cancelled, an expired one too
                  (docs/product-rules.md, "Members and invitations"). */}
              {invitation.status === 'pending' && (
                <IconButton
                  icon={X}
                  destructive
                  label={t('invitations.cancelNamed', { email: invitation.email })}
                  hint={t('invitations.cancel')}
                  onClick={() => onCancel(invitation)}
                />
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
