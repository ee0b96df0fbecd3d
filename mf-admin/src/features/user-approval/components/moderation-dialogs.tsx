import type { AdminUserDto } from '@trackboard/contracts';
import type { Busy } from './user-row-parts';
import { ApproveDialog } from './approve-dialog';
import { RejectDialog } from './reject-dialog';
import { UserDetailsDialog } from '../../../shared/user-details-dialog';

/** Which dialog is open, over which user. */
export type OpenDialog = { kind: 'details' | 'approve' | 'reject'; user: AdminUserDto } | null;

interface ModerationDialogsProps {
  dialog: OpenDialog;
  busy: Busy;
  onApprove(user: AdminUserDto): void;
  onReject(user: AdminUserDto, reason: string): void;
  onClose(): void;
}

/** The details, approve and reject dialogs; at most one is open. */
export function ModerationDialogs({ dialog, busy, onApprove, onReject, onClose }: ModerationDialogsProps) {
  const userFor = (kind: NonNullable<OpenDialog>['kind']) => (dialog?.kind === kind ? dialog.user : null);
  return (
    <>
      <UserDetailsDialog user={userFor('details')} onClose={onClose} />
      <ApproveDialog
        user={userFor('approve')}
        busy={busy?.action === 'approve'}
        onConfirm={onApprove}
        onCancel={onClose}
      />
      <RejectDialog user={userFor('reject')} busy={busy?.action === 'reject'} onConfirm={onReject} onCancel={onClose} />
    </>
  );
}
