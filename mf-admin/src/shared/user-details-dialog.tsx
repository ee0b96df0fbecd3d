import type { AdminUserDto } from '@trackboard/contracts';
import { uiMessages } from '../ui-messages';
import { describeFields, type FieldRow } from './user-fields';
import { Modal, modalStyles } from './modal';

/** Spec §2.16: every field of the user, dates (names ending in "At") formatted. */
export function UserDetailsDialog({ user, onClose }: { user: AdminUserDto | null; onClose(): void }) {
  return (
    <Modal open={user !== null} title={uiMessages.userDetailsTitle} onClose={onClose}>
      {user ? (
        <>
          <FieldList rows={describeFields(user)} />
          <div className={modalStyles.actions}>
            <button type="button" className={modalStyles.secondary} onClick={onClose}>
              {uiMessages.close}
            </button>
          </div>
        </>
      ) : null}
    </Modal>
  );
}

function FieldList({ rows }: { rows: FieldRow[] }) {
  return (
    <dl className={modalStyles.fields}>
      {rows.map((row) => (
        <div key={row.name} className={modalStyles.field} data-field={row.name}>
          <dt>{row.label}</dt>
          <dd>{row.children ? <FieldList rows={row.children} /> : row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
