import { act, fireEvent, screen } from '@testing-library/react';
import { installViewport, resizeViewport } from '@trackboard/web-kit/testing';
import { ada, signInAs } from '../../testing/board-fixtures';
import { openIssue } from '../../testing/render-board';

beforeEach(() => {
  signInAs(ada);
  installViewport(1280);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('the divider', () => {
  const divider = () => screen.getByRole('separator');

  it('starts at 60 %, moves 1 % per arrow key and stays within 20–80', async () => {
    await openIssue();
    expect(divider()).toHaveAttribute('aria-valuenow', '60');
    expect(screen.getByTestId('left-pane')).toHaveStyle({ flex: '0 0 60%' });
    fireEvent.keyDown(divider(), { key: 'ArrowRight' });
    expect(divider()).toHaveAttribute('aria-valuenow', '61');
    fireEvent.keyDown(divider(), { key: 'ArrowLeft' });
    fireEvent.keyDown(divider(), { key: 'ArrowLeft' });
    expect(divider()).toHaveAttribute('aria-valuenow', '59');
    for (let i = 0; i < 50; i++) fireEvent.keyDown(divider(), { key: 'ArrowLeft' });
    expect(divider()).toHaveAttribute('aria-valuenow', '20');
    for (let i = 0; i < 80; i++) fireEvent.keyDown(divider(), { key: 'ArrowRight' });
    expect(divider()).toHaveAttribute('aria-valuenow', '80');
    expect(screen.getByTestId('left-pane')).toHaveStyle({ flex: '0 0 80%' });
  });

  it('follows the pointer, clamped', async () => {
    await openIssue();
    const body = divider().parentElement!;
    body.getBoundingClientRect = () => ({
      left: 0,
      width: 1000,
      top: 0,
      height: 500,
      right: 1000,
      bottom: 500,
      x: 0,
      y: 0,
      toJSON() {},
    });
    fireEvent.pointerDown(divider(), { pointerId: 1, clientX: 600 });
    fireEvent.pointerMove(divider(), { pointerId: 1, clientX: 450 });
    expect(divider()).toHaveAttribute('aria-valuenow', '45');
    fireEvent.pointerMove(divider(), { pointerId: 1, clientX: 50 });
    expect(divider()).toHaveAttribute('aria-valuenow', '20');
    fireEvent.pointerUp(divider(), { pointerId: 1 });
    fireEvent.pointerMove(divider(), { pointerId: 1, clientX: 700 });
    expect(divider()).toHaveAttribute('aria-valuenow', '20');
  });

  it('is hidden on small screens', async () => {
    await openIssue();
    expect(screen.getByRole('separator')).toBeInTheDocument();
    act(() => resizeViewport(500));
    expect(screen.queryByRole('separator')).toBeNull();
    expect(screen.getByRole('heading', { level: 3, name: 'Owner' })).toBeInTheDocument();
  });
});
