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
import { loadRemoteApp, type LoadRemoteApp, type RemoteAppModule } from './load-remote-app';
import styles from './remote-route.module.css';

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
  if (!App) apps.set(name, (App = lazy(() => load(name))));
  return App;
}

function forgetRemoteApp(load: LoadRemoteApp, name: RemoteName): void {
  remoteApps.get(load)?.delete(name);
}

/**
 * A route drawn by a remote's exposed root. A remote that fails to load (or throws while
 * rendering) is contained here: the panel offers Retry, the sidebar and other routes go on.
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
  onRetry: () => void;
}

class RemoteBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    this.props.onError(error);
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
