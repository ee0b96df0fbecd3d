import { isLoadFailure, retryUntilBack } from '@trackboard/web-kit';
import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { forgettingFailures } from './forgetting-failures';

/** What a part's stand-in is told when the part failed. */
export interface PartFailure {
  error: unknown;
  /** Load the part afresh and draw it again. */
  retry(): void;
  /** The part's code did not arrive: it is tried again by itself once the network is back. */
  retrying: boolean;
}

export interface LazyPartOptions<P> {
  /** The part's component, from its own chunk (`import()`). */
  load: () => Promise<ComponentType<P>>;
  /** Drawn while the code loads. */
  loading: (props: P) => ReactNode;
  /** Drawn in its place once it failed, until it loads. */
  failed: (props: P, failure: PartFailure) => ReactNode;
}

/** How soon a part whose code did not arrive is asked for again; the waits double from here. */
export const PART_RETRY_FIRST_MS = 1_000;
const PART_RETRY_LAST_MS = 30_000;

/**
 * A part of the board loaded on first use (its own chunk), whose failure stays its own: a
 * boundary around it draws `failed` in its place, so the board around it keeps what it shows.
 * Code that did not arrive (a short outage) is asked for again — with waits that double, and at
 * once when the browser is back online or the realtime connection reconnects — and the part is
 * drawn as soon as it arrives; Retry asks for it at once. Returns the component and `preload`
 * (start loading early: a card under the pointer is about to be opened).
 */
export function lazyPart<P extends object>({ load, loading, failed }: LazyPartOptions<P>) {
  // Once here, a part is drawn without suspending: a suspended part's content is revealed no
  // sooner than React's fallback throttle allows (300 ms), which a preloaded part need not wait.
  let loaded: ComponentType<P> | undefined;
  const loadPart = forgettingFailures(async () => (loaded = await load()));
  const makeLazy = () => lazy(async () => ({ default: await loadPart() }));
  // One for every use, so a part loaded once draws at once; replaced after a failure, which
  // React.lazy would otherwise keep throwing (the next use, or a retry, loads afresh).
  let Lazy = makeLazy();
  const forgetFailure = () => {
    Lazy = makeLazy();
  };

  function Part(props: P) {
    const [attempt, setAttempt] = useState(0);
    // Decided once per mount: switching from the lazy wrapper to the component would remount it.
    const [Ready] = useState(() => loaded);
    return (
      <PartBoundary
        key={attempt}
        probe={loadPart}
        onError={forgetFailure}
        onRetry={() => setAttempt((n) => n + 1)}
        failed={(failure) => failed(props, failure)}
      >
        {Ready ? (
          <Ready {...props} />
        ) : (
          <Suspense fallback={loading(props)}>
            <Lazy {...props} />
          </Suspense>
        )}
      </PartBoundary>
    );
  }

  return {
    Part,
    preload: () => void loadPart().catch(() => undefined),
  };
}

interface BoundaryProps {
  children: ReactNode;
  /** Loads the part's code; resolves once it is here. */
  probe: () => Promise<unknown>;
  onError: () => void;
  onRetry: () => void;
  failed: (failure: PartFailure) => ReactNode;
}

class PartBoundary extends Component<BoundaryProps, { error: unknown; failed: boolean }> {
  override state = { error: null as unknown, failed: false };
  private stopRetrying?: () => void;

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn('A part of the board could not be drawn', error);
    this.props.onError();
    if (!isLoadFailure(error)) return;
    // Asked for in the background, so nothing flickers meanwhile; drawn once it is here.
    this.stopRetrying ??= retryUntilBack(
      async () => {
        await this.props.probe();
        this.props.onRetry();
        return true;
      },
      { firstMs: PART_RETRY_FIRST_MS, lastMs: PART_RETRY_LAST_MS },
    );
  }

  override componentWillUnmount() {
    this.stopRetrying?.();
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return this.props.failed({
      error: this.state.error,
      retry: this.props.onRetry,
      retrying: isLoadFailure(this.state.error),
    });
  }
}
