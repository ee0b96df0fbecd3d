import {
  Component,
  createContext,
  lazy,
  Suspense,
  useContext,
  useState,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import type { RemoteName } from '@trackboard/contracts';
import { isLoadFailure, retryUntilBack } from '@trackboard/web-kit';
import { loadRemoteApp, type LoadRemoteApp, type RemoteAppModule } from './load-remote-app';
import { unavailableCause } from './remote-fallback-plugin';
import { RemoteUnavailableError } from './remote-unavailable-error';
import styles from './remote-route.module.css';

/** How soon a remote that did not load is asked for again by itself; the waits double from here. */
export const REMOTE_RETRY_FIRST_MS = 2_000;
const REMOTE_RETRY_LAST_MS = 30_000;

const RemoteLoaderContext = createContext<LoadRemoteApp>(loadRemoteApp);

/** Replaces how remotes are loaded below it (tests). */
export const RemoteLoaderProvider = RemoteLoaderContext.Provider;

type RemoteApp = LazyExoticComponent<RemoteAppModule['default']>;

// One lazy component per remote and loader, so moving between two routes of one remote
// (/projects → /board/KEY) does not load it again. React.lazy remembers a failure for good,
// so a failed one is forgotten and the next render builds a new one.
const remoteApps = new WeakMap<LoadRemoteApp, Map<RemoteName, RemoteApp>>();

function remoteAppFor(load: LoadRemoteApp, name: RemoteName): RemoteApp {
  let apps = remoteApps.get(load);
  if (!apps) remoteApps.set(load, (apps = new Map()));
  let App = apps.get(name);
  if (!App) apps.set(name, (App = lazy(() => load(name).catch(asUnavailable(name)))));
  return App;
}

/** A rejected load says the remote did not arrive, as the runtime plugin's stand-in does. */
const asUnavailable = (name: RemoteName) => (error: unknown) => {
  throw error instanceof RemoteUnavailableError ? error : new RemoteUnavailableError(`${name}/App`, error);
};

/** The remote, or a chunk of it, did not arrive (rather than failed while running): worth waiting out. */
const didNotArrive = (error: unknown) => error instanceof RemoteUnavailableError || isLoadFailure(error);

function forgetRemoteApp(load: LoadRemoteApp, name: RemoteName): void {
  remoteApps.get(load)?.delete(name);
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
  const App = remoteAppFor(load, remote);
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
      <Suspense
        fallback={
          <p className={styles.loading} role="status">
            Loading…
          </p>
        }
      >
        <App />
      </Suspense>
    </RemoteBoundary>
  );
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
        <p className={styles.message}>This part of the app could not be loaded.</p>
        <button type="button" className={styles.retry} onClick={this.props.onRetry}>
          Retry
        </button>
      </section>
    );
  }
}
