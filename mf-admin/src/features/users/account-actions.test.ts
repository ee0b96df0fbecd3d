import { adminUser } from '../../testing/render-admin';
import { accountActions } from './account-actions';

describe('the actions offered on an account', () => {
  it.each([
    ['an active user', { status: 'ACTIVE' }, ['makeAdmin', 'suspend', 'delete']],
    ['an active administrator', { status: 'ACTIVE', role: 'admin', isAdmin: true }, ['makeUser', 'suspend', 'delete']],
    ['an administrator by role alone', { status: 'ACTIVE', role: 'admin' }, ['makeUser', 'suspend', 'delete']],
    ['a suspended user', { status: 'SUSPENDED' }, ['makeAdmin', 'reactivate', 'delete']],
    ['an unverified account', { status: 'PENDING_VERIFICATION' }, ['resend', 'delete']],
    ['an account awaiting approval', { status: 'PENDING_APPROVAL' }, ['delete']],
    ['a rejected account', { status: 'REJECTED' }, ['delete']],
  ] as const)('%s', (_who, fields, expected) => {
    expect(accountActions(adminUser({ id: '7', ...fields }), '1')).toEqual(expected);
  });

  it('offers no suspension or deletion of one’s own account, but a change of role', () => {
    expect(accountActions(adminUser({ id: '1', status: 'ACTIVE', role: 'admin', isAdmin: true }), '1')).toEqual([
      'makeUser',
    ]);
  });
});
