import { act, render } from '@testing-library/react';
import type { ProfileSettings } from '@trackboard/contracts';
import { installViewport, setSystemDark } from '../testing/media';
import { useDocumentAppearance } from './document-appearance';
import { readStoredTheme, themeModeOf, useTheme } from './theme-store';

const root = document.documentElement;

function Appearance({ settings }: { settings?: Partial<ProfileSettings> }) {
  useDocumentAppearance(settings);
  return null;
}

beforeEach(() => {
  localStorage.clear();
  installViewport(1280);
  useTheme.setState({ mode: 'system' });
});

describe('theme choice and its storage', () => {
  it('defaults to system when nothing valid is stored', () => {
    expect(readStoredTheme()).toBe('system');
    localStorage.setItem('theme', 'purple');
    expect(readStoredTheme()).toBe('system');
    localStorage.setItem('theme', 'dark');
    expect(readStoredTheme()).toBe('dark');
  });

  it('stores light or dark, and removes the item for system', () => {
    useTheme.getState().setMode('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    useTheme.getState().setMode('light');
    expect(localStorage.getItem('theme')).toBe('light');
    useTheme.getState().setMode('system');
    expect(localStorage.getItem('theme')).toBeNull();
  });

  it('tolerates storage failures with a console warning', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const get = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied');
    });
    const set = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('quota');
    });
    expect(readStoredTheme()).toBe('system');
    useTheme.getState().setMode('dark');
    expect(useTheme.getState().mode).toBe('dark');
    expect(warn).toHaveBeenCalledTimes(2);
    get.mockRestore();
    set.mockRestore();
    warn.mockRestore();
  });

  it('reads profile preferences lower-cased', () => {
    expect(themeModeOf('DARK')).toBe('dark');
    expect(themeModeOf('SYSTEM')).toBe('system');
    expect(themeModeOf('NEON')).toBeUndefined();
    expect(themeModeOf(undefined)).toBeUndefined();
  });
});

describe('the page root', () => {
  it('carries the dark marker only when the effective theme is dark', () => {
    render(<Appearance />);
    expect(root).toHaveAttribute('data-theme', 'light');
    act(() => useTheme.getState().setMode('dark'));
    expect(root).toHaveAttribute('data-theme', 'dark');
    act(() => useTheme.getState().setMode('light'));
    expect(root).toHaveAttribute('data-theme', 'light');
  });

  it('follows the operating system live in system mode, and only then', () => {
    render(<Appearance />);
    act(() => setSystemDark(true));
    expect(root).toHaveAttribute('data-theme', 'dark');
    act(() => setSystemDark(false));
    expect(root).toHaveAttribute('data-theme', 'light');

    act(() => useTheme.getState().setMode('light'));
    act(() => setSystemDark(true));
    expect(root).toHaveAttribute('data-theme', 'light');
  });

  it('uses light when the system preference cannot be read', () => {
    Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: undefined });
    render(<Appearance />);
    expect(root).toHaveAttribute('data-theme', 'light');
  });

  it('applies font size and high contrast from the settings, and the defaults without them', () => {
    const { rerender } = render(<Appearance settings={{ fontSize: 'LARGE', highContrast: true }} />);
    expect(root).toHaveAttribute('data-font-size', 'large');
    expect(root).toHaveAttribute('data-high-contrast', 'true');

    rerender(<Appearance settings={{ fontSize: 'SMALL', highContrast: false }} />);
    expect(root).toHaveAttribute('data-font-size', 'small');
    expect(root).not.toHaveAttribute('data-high-contrast');

    rerender(<Appearance />);
    expect(root).toHaveAttribute('data-font-size', 'medium');
  });
});
