import { useState } from 'react';
import styles from './user-avatar.module.css';

/** "Ada Lovelace" → "AL" (or "A" with `letters` 1), "grace" → "G", nothing → "?". */
export function initials(name: string, letters: 1 | 2 = 2): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]![0]!;
  const last = letters === 2 && words.length > 1 ? words[words.length - 1]![0]! : '';
  return `${first}${last}`.toUpperCase();
}

/** One of eight backgrounds, always the same for a name, so people are told apart at a glance. */
const tint = (name: string) => [...name].reduce((sum, char) => sum + char.charCodeAt(0), 0) % 8;

const sizes = { small: '', medium: styles.avatarMedium, large: styles.avatarLarge };

/**
 * A person's picture, or their initials on a tinted disc when there is none (or it fails to
 * load): the same tint for a name everywhere. A comment shows the author's initial alone.
 */
export function UserAvatar({
  name,
  url,
  size = 'small',
  letters = 2,
}: {
  name: string;
  url: string | null;
  size?: keyof typeof sizes;
  letters?: 1 | 2;
}) {
  const [failed, setFailed] = useState(false);
  const className = `${styles.avatar} ${sizes[size]}`;
  if (url && !failed)
    return <img className={className} src={url} alt="" title={name} onError={() => setFailed(true)} />;
  return (
    <span className={`${className} ${styles[`tint${tint(name)}`] ?? ''}`} title={name} aria-hidden="true">
      {initials(name, letters)}
    </span>
  );
}
