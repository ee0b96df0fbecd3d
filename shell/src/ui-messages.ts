import { messages } from '@trackboard/contracts';

// What the web app itself says (spec §5, §8), word for word. The server's answers come from
// the catalogue in packages/contracts and are shown as the server sent them.
export const uiMessages = {
  // Sign in
  loginFailed: 'Login Failed: Invalid credentials or server error.',
  accountRejected: messages.accountRejected,
  accountSuspended: messages.accountSuspended,
  emailNotVerified: messages.emailNotVerified,
  unexpectedStatus: (status: string) =>
    `Your account has an unexpected status ('${status}'). Please contact support for assistance.`,
  statusUnrecognized: 'Your account status is unrecognized.',
  logoutFailed: 'Logout failed. Please clear site data or contact support if issues persist.',
  invalidLoginEmail: 'Please enter a valid email address.',
  passwordRequired: 'Password is required.',
  /** Single sign-on refused without the server's reason (it could not be reached). */
  ssoFailed: 'Single sign-on failed. Please try again.',
  passwordsTurnedOff: messages.passwordsTurnedOff,

  // Register
  allFieldsRequired: 'All fields are required.',
  passwordsDoNotMatch: 'Passwords do not match.',
  registrationFailed: 'Registration failed. Please try again or contact support.',

  // The fields' names in their errors ("Password must be at least 10 characters.")
  usernameField: 'Username',
  bioField: 'Bio',
  emailField: 'Email address',
  passwordField: 'Password',

  // Verification
  noVerificationToken: 'No verification token found...',
  resendNeedsEmail: 'Please enter your email address to resend the verification link.',
  resendFailed: 'Unable to send verification email to this address. Please try again.',
  verificationSent: messages.verificationSent,
  emailVerified: messages.emailVerified,
  verificationInvalid: messages.verificationInvalid,

  // Password reset and change
  passwordResetSent: messages.passwordResetSent,
  passwordResetRequestFailed: 'Could not send the link. Please try again.',
  passwordResetInvalid: messages.passwordResetInvalid,
  passwordResetFailed: 'Could not set the new password. Please try again.',
  passwordChangeFailed: 'Could not change the password. Please try again.',
  currentPasswordField: 'Current password',
  newPasswordField: 'New password',
  keepAccessTokensField: 'Keep my access tokens',
  keepAccessTokensHint:
    'Unticked, changing the password revokes your personal access tokens, so one made by someone else stops working.',

  // Profile
  profileUpdated: 'Profile updated successfully!',
  profileUpdateFailed: (reason: string) => `Profile update failed: ${reason}`,
  settingSaveFailed: (setting: string, reason: string) => `Failed to save ${setting}: ${reason}`,
  tryAgain: 'Please try again.',
  profileLoadFailed: 'Could not load profile.',
  invalidEmailFormat: 'Invalid email format',
  usernameRequired: 'Username is required.',

  // A project invitation's link, /invitations/{token}
  openingInvitation: 'Opening the invitation...',
  invitationLoadFailed: 'Could not open the invitation. Please try again.',
  invitationForOtherEmail: messages.invitationForOtherEmail,
  invitationAccountExists: messages.invitationAccountExists,
  invitedToProject: (invitedBy: string, projectName: string, projectKey: string) =>
    `${invitedBy} invited you to ${projectName} (${projectKey}).`,
  invitedYou: (invitedBy: string, projectName: string) => `${invitedBy} invited you to ${projectName}.`,
  createAccountToJoin: 'Create your account to join.',
  joinProject: (projectName: string) => `Join ${projectName}`,
  joining: 'Joining...',
  joinFailed: 'Could not join the project. Please try again.',
  createAccountAndJoin: 'Create account and join',
  creatingAccount: 'Creating account...',
  invitedAccountFailed: 'Could not create your account. Please try again.',
  nameField: 'Name',
  signOut: 'Sign out',
  signingOut: 'Signing out...',

  // Tab titles of the pages outside the app shell (the shell's own pages use their header titles)
  signInTitle: 'Sign in',
  registerTitle: 'Create account',
  verifyEmailTitle: 'Verify email',
  requestVerificationTitle: 'Email verification required',
  pendingApprovalTitle: 'Awaiting approval',
  forgotPasswordTitle: 'Forgot password',
  resetPasswordTitle: 'Reset password',
  notAuthorizedTitle: 'Not authorized',
  invitationTitle: 'Invitation',
  notFoundTitle: 'Page not found',
} as const;
