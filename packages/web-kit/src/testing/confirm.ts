import { fireEvent, screen, waitFor, within } from '@testing-library/react';

/**
 * Answers the app's confirmation dialog (web-kit's useConfirm) the way a person would: waits for
 * it, checks it asks `question` when given, and presses its confirm button or Cancel.
 */
export async function answerConfirm(yes: boolean, question?: string): Promise<void> {
  const dialog = await screen.findByRole('alertdialog');
  if (question !== undefined) expect(dialog).toHaveAccessibleDescription(question);
  const buttons = within(dialog).getAllByRole('button');
  fireEvent.click(yes ? buttons[buttons.length - 1]! : within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
}
