import {
  Component,
  createContext,
  Suspense,
  useContext,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import type { RemoteName } from '@trackboard/contracts';
import { isLoadFailure, retryUntilBack } from '@trackboard/web-kit';
import { uiMessages } from '../ui-messages';
import { loadRemoteApp, type LoadRemoteApp } from './load-remote-app';
import { unavailableCause } from './remote-fallback-plugin';
import { RemoteUnavailableError } from './remote-unavailable-error';
import styles from './remote-route.module.css';

/** How soon a remote that did not load is asked for again by itself; the waits double from here. */
export const REMOTE_RETRY_FIRST_MS = 2_000;
const REMOTE_RETRY_LAST_MS = 30_000;

const RemoteLoaderContext = createContext<LoadRemoteApp>(loadRemoteApp);

/** Replaces how remotes are loaded below it (tests). */
export const RemoteLoaderProvider = RemoteLoaderContext.Provider;

/** A remote's root as far as it has come: still loading (undefined), here, or failed. */
type Arrival = { App: ComponentType } | { error: unknown } | undefined;
type Remote = { arrival: Arrival; arrived: Promise<void> };

// One load per remote and loader, so moving between two routes of one remote
// (/projects → /board/KEY) does not load it again. A failed one is forgotten, so the next
// render (a Retry, a later visit) loads it afresh.
const remotes = new WeakMap<LoadRemoteApp, Map<RemoteName, Remote>>();

function remoteFor(load: LoadRemoteApp, name: RemoteName): Remote {
  let known = remotes.get(load);
  if (!known) remotes.set(load, (known = new Map()));
  let remote = known.get(name);
  if (!remote) {
    const loading: Remote = {
      arrival: undefined,
      arrived: load(name).then(
        (module) => void (loading.arrival = { App: module.default }),
        (error: unknown) => void (loading.arrival = { error: asUnavailable(name, error) }),
      ),
    };
    known.set(name, (remote = loading));
  }
  return remote;
}

/** A rejected load says the remote did not arrive, as the runtime plugin's stand-in does. */
const asUnavailable = (name: RemoteName, error: unknown) =>
  error instanceof RemoteUnavailableError ? error : new RemoteUnavailableError(`${name}/App`, error);

/** The remote, or a chunk of it, did not arrive (rather than failed while running): worth waiting out. */
const didNotArrive = (error: unknown) => error instanceof RemoteUnavailableError || isLoadFailure(error);

function forgetRemoteApp(load: LoadRemoteApp, name: RemoteName): void {
  remotes.get(load)?.delete(name);
}

function LoadingRemote() {
  return (
    <p className={styles.loading} role="status">
      {uiMessages.loading}
    </p>
  );
}

/**
 * A route drawn by a remote's exposed root. A remote that fails to load (or throws while
 * rendering) is contained here: the panel offers Retry, the sidebar and other routes go on.
 * One that did not arrive (a short outage) is also asked for again by itself — further apart
 * each time, and at once when the browser is back online or the realtime connection
 * reconnects — and drawn as soon as it answers.
 */
export function RemoteRoute({ remote }: { remote: RemoteName }) {
  const load = useContext(RemoteLoaderContext);
  const [attempt, setAttempt] = useState(0);
  return (
    // Keyed by remote too: going from one remote's route straight to another's keeps this
    // component in place, and one remote's failure must not be shown for the next.
    <RemoteBoundary
      key={`${remote}#${attempt}`}
      onError={() => forgetRemoteApp(load, remote)}
      probe={async () => {
        const cause = unavailableCause(await load(remote));
        if (cause) throw cause;
      }}
      onRetry={() => setAttempt((n) => n + 1)}
    >
      {/* For what suspends inside the remote (its own lazy screens). */}
      <Suspense fallback={<LoadingRemote />}>
        <RemoteRoot remote={remoteFor(load, remote)} />
      </Suspense>
    </RemoteBoundary>
  );
}

/**
 * The remote's root once its code is here. Its arrival is a plain state update, not a suspended
 * render's retry: React holds back the content of a retry until 300 ms after the last fallback
 * it showed, which would keep the page waiting on the "Loading…" it showed meanwhile.
 */
function RemoteRoot({ remote }: { remote: Remote }) {
  const [arrival, setArrival] = useState<Arrival>(() => remote.arrival);
  useEffect(() => {
    if (arrival) return;
    let mounted = true;
    void remote.arrived.then(() => {
      if (mounted) setArrival(remote.arrival);
    });
    return () => {
      mounted = false;
    };
  }, [remote, arrival]);
  if (!arrival) return <LoadingRemote />;
  if ('error' in arrival) throw arrival.error;
  return <arrival.App />;
}

interface BoundaryProps {
  children: ReactNode;
  onError: (error: unknown) => void;
  /** Loads the remote; resolves once it is here. */
  probe: () => Promise<void>;
  onRetry: () => void;
}

class RemoteBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };
  private stopRetrying?: () => void;

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    this.props.onError(error);
    if (!didNotArrive(error)) return;
    // Asked for in the background, so the panel stays still meanwhile; drawn once it is here.
    this.stopRetrying ??= retryUntilBack(
      async () => {
        await this.props.probe();
        this.props.onRetry();
        return true;
      },
      { firstMs: REMOTE_RETRY_FIRST_MS, lastMs: REMOTE_RETRY_LAST_MS },
    );
  }

  override componentWillUnmount() {
    this.stopRetrying?.();
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className={styles.panel} role="alert">
        <p className={styles.message}>{uiMessages.remoteFailed}</p>
        <button type="button" className={styles.retry} onClick={this.props.onRetry}>
          {uiMessages.retry}
        </button>
      </section>
    );
  }
}
