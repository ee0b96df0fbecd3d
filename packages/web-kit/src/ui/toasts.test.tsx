import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { setLanguage } from '../i18n/i18n';
import { clearToasts, showToast, Toaster } from './toasts';

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  act(() => clearToasts());
  jest.useRealTimers();
});

const region = () => screen.getByRole('status', { name: 'Messages' });

describe('toasts', () => {
  it('show their text in a polite region, with an action that runs once and closes the toast', () => {
    render(<Toaster />);
    expect(region()).toHaveAttribute('aria-live', 'polite');
    const run = jest.fn();
    const onClose = jest.fn();
    act(() => void showToast({ text: 'Issue deleted.', action: { label: 'Undo', run }, onClose }));
    const toast = within(region()).getByRole('listitem');
    expect(toast).toHaveTextContent('Issue deleted.');
    const undo = within(toast).getByRole('button', { name: 'Undo' });
    expect(undo).toHaveAccessibleDescription('Issue deleted.');
    fireEvent.click(undo);
    expect(run).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledWith('action');
    expect(within(region()).queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('go when their time is up, and not while the pointer or the focus rests on them', () => {
    render(<Toaster />);
    const onClose = jest.fn();
    act(() => void showToast({ text: 'Comment deleted.', durationMs: 10_000, onClose }));
    act(() => jest.advanceTimersByTime(6_000));
    fireEvent.pointerEnter(region());
    act(() => jest.advanceTimersByTime(30_000));
    expect(region()).toHaveTextContent('Comment deleted.');
    fireEvent.pointerLeave(region());
    act(() => jest.advanceTimersByTime(3_900));
    expect(region()).toHaveTextContent('Comment deleted.');
    act(() => jest.advanceTimersByTime(200));
    expect(region()).not.toHaveTextContent('Comment deleted.');
    expect(onClose).toHaveBeenCalledWith('timeout');
  });

  it('are dismissed with their × button', () => {
    render(<Toaster />);
    const onClose = jest.fn();
    act(() => void showToast({ text: 'Moved.', onClose }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(region()).not.toHaveTextContent('Moved.');
    expect(onClose).toHaveBeenCalledWith('dismissed');
  });

  it('keep a click on them from reaching what is behind (a dialog would close on a click outside it)', () => {
    render(<Toaster />);
    const outside = jest.fn();
    document.addEventListener('pointerdown', outside);
    act(() => void showToast({ text: 'Column deleted.', action: { label: 'Undo', run: () => {} } }));
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Undo' }));
    document.removeEventListener('pointerdown', outside);
    expect(outside).not.toHaveBeenCalled();
  });

  it('name their region and Dismiss in the page’s language', async () => {
    await act(() => setLanguage('de'));
    try {
      render(<Toaster />);
      act(() => void showToast({ text: 'Vorgang gelöscht.' }));
      const toasts = screen.getByRole('status', { name: 'Meldungen' });
      expect(within(toasts).getByRole('button', { name: 'Schließen' })).toBeInTheDocument();
    } finally {
      await act(() => setLanguage(null));
    }
  });
});
