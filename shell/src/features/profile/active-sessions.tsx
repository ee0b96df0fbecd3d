import type { SessionDto } from '@trackboard/contracts';
import {
  ApiError,
  errorReason,
  formatAbsoluteTime,
  MessageBox,
  retryUnlessClientError,
  useSession,
} from '@trackboard/web-kit';
import { useEffect, useRef, useState } from 'react';
import useSWR from 'swr';
import { uiMessages } from '../../ui-messages';
import ownStyles from './active-sessions.module.css';
import { describeUserAgent } from './describe-user-agent';
import styles from './profile-page.module.css';
import { sessionsApi } from './sessions-api';

/** The list's cache key, per person, so another account's sessions never show. */
export const sessionsKey = (userId: string | null) => ['auth-sessions', userId] as const;

/** This device first (the server sends newest first): the others are read against it. */
const currentFirst = (sessions: SessionDto[]) => [
  ...sessions.filter((session) => session.current),
  ...sessions.filter((session) => !session.current),
];

/**
 * "Active sessions" on the profile page: where the person is signed in, this device marked,
 * each other one with its own Sign out. This device has none: the app's Logout does that.
 */
export function ActiveSessionsSection() {
  const userId = useSession((state) => state.user?.id ?? null);
  const { data, error, mutate } = useSWR(sessionsKey(userId), () => sessionsApi.list(), {
    shouldRetryOnError: retryUnlessClientError,
    revalidateOnFocus: false,
  });
  const [problem, setProblem] = useState<string>();
  const [announcement, setAnnouncement] = useState('');
  /** Where the focus goes once a signed-out row (and the button that had it) is gone. */
  const [refocus, setRefocus] = useState<{ id: string | undefined }>();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const title = useRef<HTMLHeadingElement>(null);
  /** A second click while the first is on its way would only earn a 404. */
  const pending = useRef(new Set<string>());

  useEffect(() => {
    if (!refocus) return;
    // Only when the focus was lost with the row: never pull it from where the person moved it.
    if (document.activeElement && document.activeElement !== document.body) return;
    ((refocus.id && buttons.current.get(refocus.id)) || title.current)?.focus();
  }, [refocus]);

  const sessions = data ? currentFirst(data) : [];
  const others = sessions.filter((session) => !session.current);

  const signOut = async (session: SessionDto) => {
    if (pending.current.has(session.id)) return;
    pending.current.add(session.id);
    const at = others.indexOf(session);
    const neighbour = (others[at + 1] ?? others[at - 1])?.id;
    setProblem(undefined);
    setAnnouncement('');
    try {
      await sessionsApi.signOut(session.id);
      await mutate((list) => list?.filter((s) => s.id !== session.id), { revalidate: false });
      setAnnouncement(uiMessages.signedOutSession(describeUserAgent(session.userAgent)));
      setRefocus({ id: neighbour });
    } catch (failure) {
      setProblem(errorReason(failure, uiMessages.signOutSessionFailed));
      // Not one of the live sessions any more (expired, or signed out elsewhere): drop it.
      if (failure instanceof ApiError && failure.status === 404) {
        await mutate();
        setRefocus({ id: neighbour });
      }
    } finally {
      pending.current.delete(session.id);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="active-sessions-title">
      <h2 id="active-sessions-title" ref={title} tabIndex={-1} className={styles.cardTitle}>
        {uiMessages.sessionsTitle}
      </h2>
      <p className={ownStyles.intro}>{uiMessages.sessionsIntro}</p>
      {/* Always there, so a screen reader hears it change. */}
      <p role="status" className={ownStyles.announcement}>
        {announcement}
      </p>
      {problem && <MessageBox tone="error">{problem}</MessageBox>}
      {data === undefined && error === undefined ? (
        <p role="status" className={ownStyles.muted}>
          {uiMessages.loadingSessions}
        </p>
      ) : data === undefined ? (
        <MessageBox tone="error">{errorReason(error, uiMessages.sessionsLoadFailed)}</MessageBox>
      ) : (
        <>
          {sessions.length > 0 && (
            <ul className={ownStyles.list}>
              {sessions.map((session) => (
                <SessionRow
                  key={session.id}
                  session={session}
                  buttonRef={(button) => {
                    if (button) buttons.current.set(session.id, button);
                    else buttons.current.delete(session.id);
                  }}
                  onSignOut={() => void signOut(session)}
                />
              ))}
            </ul>
          )}
          {others.length === 0 && <p className={ownStyles.muted}>{uiMessages.noOtherSessions}</p>}
        </>
      )}
    </section>
  );
}

function SessionRow({
  session,
  buttonRef,
  onSignOut,
}: {
  session: SessionDto;
  buttonRef: (button: HTMLButtonElement | null) => void;
  onSignOut: () => void;
}) {
  const device = describeUserAgent(session.userAgent);
  const signedInAt = formatAbsoluteTime(session.createdAt);
  return (
    <li className={ownStyles.session}>
      <div className={ownStyles.details}>
        <p className={ownStyles.device}>
          {device}
          {session.current && (
            <>
              {/* A pause between the two when read aloud. */}
              <span className={ownStyles.visuallyHidden}>, </span>
              <span className={ownStyles.thisDevice}>{uiMessages.thisDevice}</span>
            </>
          )}
        </p>
        <p className={ownStyles.meta}>
          {uiMessages.signedIn} <time dateTime={session.createdAt}>{signedInAt}</time>
          {session.ipAddress && ` ${uiMessages.fromAddress(session.ipAddress)}`}{' '}
          {uiMessages.signedInMethod(session.method)}
        </p>
      </div>
      {!session.current && (
        <button
          ref={buttonRef}
          type="button"
          className={ownStyles.signOutButton}
          aria-label={uiMessages.signOutSessionLabel(device, signedInAt)}
          onClick={onSignOut}
        >
          {uiMessages.signOut}
        </button>
      )}
    </li>
  );
}
