import type { UserDto } from '@trackboard/contracts';
import { useState } from 'react';
import { AvatarUpload } from './avatar-upload';
import { uiMessages } from '../../ui-messages';
import styles from './profile-page.module.css';

// Shown when the avatar image fails to load: a neutral silhouette.
export const fallbackAvatar =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#c5cbd8"/><circle cx="32" cy="25" r="12" fill="#f4f6fb"/><path d="M10 60a22 22 0 0 1 44 0z" fill="#f4f6fb"/></svg>',
  );

interface AvatarCardProps {
  name?: string;
  email?: string;
  avatarUrl?: string | null;
  /** The server's answer to a new or removed picture. */
  onSaved: (profile: UserDto) => void;
}

/** The avatar card: the image, else the name's first letter, else "?"; and the picture's controls. */
export function AvatarCard({ name, email, avatarUrl, onSaved }: AvatarCardProps) {
  return (
    <section className={styles.avatarCard} aria-label={uiMessages.avatar}>
      {avatarUrl ? (
        // Keyed by address: a new address gets a fresh try before falling back.
        <AvatarImage key={avatarUrl} src={avatarUrl} alt={name ? uiMessages.avatarOf(name) : uiMessages.avatar} />
      ) : (
        <span className={styles.avatar} data-testid="avatar-initial">
          {name?.trim().charAt(0).toUpperCase() || '?'}
        </span>
      )}
      <h2 className={styles.avatarName}>{name || uiMessages.usernameNotSet}</h2>
      <p className={styles.avatarEmail}>{email || uiMessages.emailNotSet}</p>
      <AvatarUpload hasPicture={Boolean(avatarUrl)} onSaved={onSaved} />
    </section>
  );
}

function AvatarImage({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <img className={styles.avatar} src={failed ? fallbackAvatar : src} alt={alt} onError={() => setFailed(true)} />
  );
}
