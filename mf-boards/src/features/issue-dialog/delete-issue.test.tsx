import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answer, answerConfirm, installViewport } from '@trackboard/web-kit/testing';
import { ada, admin, grace, signInAs } from '../../testing/board-fixtures';
import { openIssue } from '../../testing/render-board';

beforeEach(() => {
  signInAs(ada);
  installViewport(1280);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('deleting an issue', () => {
  it.each([
    ['the project lead', ada, true],
    ['an admin', admin, true],
    ['a member', grace, false],
  ])('"Delete Issue" is shown to %s: %s', async (_who, user, shown) => {
    signInAs(user);
    const { dialog } = await openIssue();
    expect(within(dialog).queryByRole('button', { name: 'Delete Issue' }) !== null).toBe(shown);
  });

  it('asks for confirmation, then closes the dialog and removes the card', async () => {
    const question = 'Are you sure you want to delete this issue? This action cannot be undone.';
    const { dialog, server } = await openIssue({}, { 'DELETE /api/issues/1': answer(204) });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Issue' }));
    await answerConfirm(false, question);
    expect(server.callsTo('DELETE /api/issues/1')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Issue' }));
    await answerConfirm(true, question);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Write the spec' })).toBeNull());
    expect(server.callsTo('DELETE /api/issues/1')).toHaveLength(1);
  });
});
