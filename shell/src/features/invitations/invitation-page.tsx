import type { InvitationPreview } from '@trackboard/contracts';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { logout, MessageBox, serverMessage, useSession } from '@trackboard/web-kit';
import type { LoginLocationState } from '../../routing/login-state';
import { uiMessages } from '../../ui-messages';
import { AuthScreen, authStyles as styles } from '../auth/auth-screen';
import { invitationApi, linkRefusal } from './invitation-api';
import { invitationView } from './invitation-view';
import { InvitedAccountForm } from './invited-account-form';

type Outcome =
  | { phase: 'loading' }
  /** The preview failed, or a later call found the link dead: only its message is left to show. */
  | { phase: 'failed'; message: string }
  | { phase: 'ready'; preview: InvitationPreview };

/**
 * A project invitation, /invitations/{token}: the mailed link lands here, signed in or not.
 * What it offers depends on who opens it (invitation-view.ts): join, sign in with the invited
 * account, or make that account here and join at once.
 */
export default function InvitationPage() {
  const { token = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  // A stored session is confirmed at app start: until then it may be one the server has ended.
  const checked = useSession((state) => state.checked);
  const user = useSession((state) => (state.token ? state.user : null));
  const [outcome, setOutcome] = useState<Outcome>({ phase: 'loading' });
  const [joining, setJoining] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const [problem, setProblem] = useState<string>();
  const here = location.pathname + location.search;

  useEffect(() => {
    let current = true;
    setOutcome({ phase: 'loading' });
    invitationApi.preview(token).then(
      (preview) => current && setOutcome({ phase: 'ready', preview }),
      (error: unknown) =>
        current && setOutcome({ phase: 'failed', message: serverMessage(error) ?? uiMessages.invitationLoadFailed }),
    );
    return () => {
      current = false;
    };
  }, [token]);

  /** Takes over a refusal of the link itself; false for any other failure, left to the caller. */
  const linkRefused = (error: unknown): boolean => {
    const refusal = linkRefusal(error);
    if (!refusal) return false;
    setOutcome((shown) =>
      refusal.kind === 'account-exists' && shown.phase === 'ready'
        ? { phase: 'ready', preview: { ...shown.preview, accountExists: true } }
        : { phase: 'failed', message: refusal.message },
    );
    return true;
  };

  const join = async () => {
    setJoining(true);
    setProblem(undefined);
    try {
      const { projectKey } = await invitationApi.accept(token);
      navigate(`/projects/${encodeURIComponent(projectKey)}`, { replace: true });
    } catch (error) {
      if (!linkRefused(error)) setProblem(serverMessage(error) ?? uiMessages.joinFailed);
      setJoining(false);
    }
  };

  // Here rather than at /login?logout=true: signed out, this page offers the invited account's
  // way in, which comes back here to join.
  const signOut = async () => {
    setProblem(undefined);
    setSigningOut(true);
    try {
      await logout();
    } catch {
      setProblem(uiMessages.logoutFailed);
    } finally {
      setSigningOut(false);
    }
  };

  if (outcome.phase === 'loading' || !checked) {
    return (
      <AuthScreen title={uiMessages.invitationTitle}>
        <p className={styles.busy} role="status">
          {uiMessages.openingInvitation}
        </p>
      </AuthScreen>
    );
  }

  if (outcome.phase === 'failed') {
    return (
      <AuthScreen title={uiMessages.invitationTitle}>
        <MessageBox tone="error">{outcome.message}</MessageBox>
        <div className={styles.links}>
          {user ? (
            <Link to="/dashboard">{uiMessages.goToDashboard}</Link>
          ) : (
            <Link to="/login">{uiMessages.goToSignIn}</Link>
          )}
        </div>
      </AuthScreen>
    );
  }

  const { preview } = outcome;
  const { invitedBy, projectName, projectKey } = preview;
  const problemBox = problem && <MessageBox tone="error">{problem}</MessageBox>;
  switch (invitationView(preview, user)) {
    case 'join':
      return (
        <AuthScreen title={uiMessages.invitationTitle}>
          <p className={styles.text}>{uiMessages.invitedToProject(invitedBy, projectName, projectKey)}</p>
          {problemBox}
          <button type="button" className={styles.action} disabled={joining} onClick={() => void join()}>
            {joining ? uiMessages.joining : uiMessages.joinProject(projectName)}
          </button>
        </AuthScreen>
      );
    case 'other-account':
      return (
        <AuthScreen title={uiMessages.invitationTitle}>
          <MessageBox tone="notice">{uiMessages.invitationForOtherEmail(preview.email)}</MessageBox>
          {problemBox}
          <button type="button" className={styles.action} disabled={signingOut} onClick={() => void signOut()}>
            {signingOut ? uiMessages.signingOut : uiMessages.signOut}
          </button>
          <div className={styles.links}>
            <Link to="/dashboard">{uiMessages.goToDashboard}</Link>
          </div>
        </AuthScreen>
      );
    case 'sign-in':
      return (
        <AuthScreen title={uiMessages.invitationTitle}>
          <p className={styles.text}>{uiMessages.invitedYou(invitedBy, projectName)}</p>
          <MessageBox tone="notice">{uiMessages.invitationAccountExists}</MessageBox>
          <div className={styles.links}>
            {/* As the route guard sends a visitor to sign in: back here once signed in. */}
            <Link to="/login" state={{ from: here } satisfies LoginLocationState}>
              {uiMessages.signIn}
            </Link>
          </div>
        </AuthScreen>
      );
    case 'register':
      return (
        <AuthScreen title={uiMessages.invitationTitle}>
          <p className={styles.text}>
            {uiMessages.invitedYou(invitedBy, projectName)} {uiMessages.createAccountToJoin}
          </p>
          <InvitedAccountForm
            token={token}
            preview={preview}
            returnTo={here}
            onSignedIn={() => void join()}
            onLinkRefused={linkRefused}
          />
        </AuthScreen>
      );
  }
}
