import { useState } from 'react';
import styles from './user-avatar.module.css';

/** "Ada Lovelace" → "AL", "grace" → "G", nothing → "?". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]![0]!;
  const last = words.length > 1 ? words[words.length - 1]![0]! : '';
  return `${first}${last}`.toUpperCase();
}

/** One of eight backgrounds, always the same for a name, so people are told apart at a glance. */
const tint = (name: string) => [...name].reduce((sum, char) => sum + char.charCodeAt(0), 0) % 8;

/** A person's picture, or their initials on a tinted disc when there is none (or it fails to load). */
export function UserAvatar({
  name,
  url,
  size = 'small',
}: {
  name: string;
  url: string | null;
  size?: 'small' | 'medium';
}) {
  const [failed, setFailed] = useState(false);
  const className = `${styles.avatar} ${size === 'medium' ? styles.avatarMedium : ''}`;
  if (url && !failed)
    return <img className={className} src={url} alt="" title={name} onError={() => setFailed(true)} />;
  return (
    <span className={`${className} ${styles[`tint${tint(name)}`] ?? ''}`} title={name} aria-hidden="true">
      {initials(name)}
    </span>
  );
}
