import { useSession } from '@trackboard/web-kit';
import { uiMessages } from '../../ui-messages';
import { AccessTokensSection } from './access-tokens';
import { ActiveSessionsSection } from './active-sessions';
import { AppearancePreferences } from './appearance-preferences';
import { AvatarCard } from './avatar-card';
import { ChangePasswordForm } from './change-password-form';
import { LanguagePreferences } from './language-preferences';
import { NotificationSettingsSection } from './notification-settings';
import { useProfile } from './profile-api';
import { ProfileForm } from './profile-form';
import styles from './profile-page.module.css';

/** Profile, /profile: "My Profile & Settings" (spec §2.15). */
export default function ProfilePage() {
  const checked = useSession((state) => state.checked);
  const signedIn = useSession((state) => Boolean(state.token && state.user));
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{uiMessages.profileHeading}</h1>
      {!checked ? (
        <p role="status">{uiMessages.authenticating}</p>
      ) : !signedIn ? (
        <p>{uiMessages.logInToViewProfile}</p>
      ) : (
        <SignedInProfile />
      )}
    </div>
  );
}

function SignedInProfile() {
  const { profile, error, loading, saved } = useProfile();
  if (loading) return <ProfileSkeleton />;
  if (error || !profile) {
    return (
      <p role="alert" className={styles.loadError}>
        {uiMessages.errorWithReason(error ?? '')}
      </p>
    );
  }
  return (
    <div className={styles.layout}>
      <AvatarCard name={profile.name} email={profile.email} avatarUrl={profile.avatarUrl} onSaved={saved} />
      <div className={styles.column}>
        <ProfileForm profile={profile} onSaved={saved} />
        <ChangePasswordForm />
        <AppearancePreferences settings={profile.profileSettings} onSaved={saved} />
        <LanguagePreferences settings={profile.profileSettings} onSaved={saved} />
        <NotificationSettingsSection />
        <AccessTokensSection />
        <ActiveSessionsSection />
      </div>
    </div>
  );
}

function ProfileSkeleton() {
  return (
    <div
      className={styles.layout}
      role="status"
      aria-label={uiMessages.loadingProfile}
      aria-busy="true"
      data-testid="profile-skeleton"
    >
      <div className={`${styles.skeleton} ${styles.skeletonAvatar}`} />
      <div className={styles.column}>
        <div className={`${styles.skeleton} ${styles.skeletonBlock}`} />
        <div className={`${styles.skeleton} ${styles.skeletonBlock}`} />
      </div>
    </div>
  );
}
