import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, screen } from '@testing-library/react';
import { answer, fakeApi, installViewport } from '@trackboard/web-kit/testing';
import { activeUser, renderShell, signInAs } from '../../testing/render-shell';

// jsdom lays nothing out, so the card's centring itself is checked in Chromium.
// What jsdom can check: every public screen, in each of its states, draws one card through the
// shared AuthScreen, and the card's width comes from the screen's one grid column, not from a
// percentage of the card's own shrink-wrapped box (which let its text decide its width and place).
// Under jest the CSS module's class names are its keys, so the module's own rules apply as written.
const moduleCss = readFileSync(join(__dirname, 'auth-screen.module.css'), 'utf8');

const pendingApproval = { ...activeUser, status: 'PENDING_APPROVAL' };
const pendingVerification = { ...activeUser, status: 'PENDING_VERIFICATION' };

interface ScreenCase {
  name: string;
  show: () => Promise<void>;
}

const screens: ScreenCase[] = [
  {
    name: 'sign in',
    show: async () => {
      renderShell('/login');
      await screen.findByRole('heading', { name: 'Sign In' });
    },
  },
  {
    name: 'sign in with the unverified-account notice',
    show: async () => {
      signInAs(pendingVerification);
      renderShell('/dashboard');
      await screen.findByRole('link', { name: 'Request a new verification email' });
    },
  },
  {
    name: 'register',
    show: async () => {
      renderShell('/register');
      await screen.findByRole('heading', { name: 'Create Account' });
    },
  },
  {
    name: 'register, succeeded',
    show: async () => {
      fakeApi({ 'POST /api/auth/register': answer(201, { token: 'fresh', user: pendingVerification }) });
      renderShell('/register');
      await screen.findByRole('heading', { name: 'Create Account' });
      for (const [label, value] of [
        ['Username', 'ada'],
        ['Email Address', 'ada@example.com'],
        ['Password', 'correct horse'],
        ['Confirm Password', 'correct horse'],
      ])
        fireEvent.change(screen.getByLabelText(label!), { target: { value } });
      fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
      await screen.findByText(/Registration successful!/);
    },
  },
  {
    name: 'email verification required',
    show: async () => {
      renderShell('/request-verification');
      await screen.findByRole('heading', { name: 'Email Verification Required' });
    },
  },
  {
    name: 'verify email without a token',
    show: async () => {
      renderShell('/verify-email');
      await screen.findByText('No verification token found...');
    },
  },
  {
    name: 'pending approval',
    show: async () => {
      fakeApi({ 'GET /api/auth/profile': answer(200, pendingApproval) });
      signInAs(pendingApproval);
      renderShell('/pending-approval');
      await screen.findByRole('heading', { name: 'Account Pending Approval' });
    },
  },
];

let style: HTMLStyleElement;
beforeAll(() => {
  style = document.createElement('style');
  style.textContent = moduleCss;
  document.head.append(style);
});
afterAll(() => style.remove());

beforeEach(() => {
  installViewport(1280);
  fakeApi();
});

describe('the card of every public screen (same width, centred)', () => {
  it.each(screens)('$name: one card, as wide as the screen’s one column', async ({ show }) => {
    await show();
    const cards = document.querySelectorAll('section.card');
    expect(cards).toHaveLength(1);
    const card = cards[0]!;
    const screenElement = card.closest('main')!;
    expect(screenElement).toHaveClass('screen');
    expect(card).toHaveAccessibleName(screen.getByRole('heading', { level: 1 }).textContent!);

    // The width is the column's, the same for every screen; the card only fills it.
    expect(getComputedStyle(screenElement).gridTemplateColumns).toBe('min(100%, 26rem)');
    expect(getComputedStyle(card).width).toBe('');
  });
});
