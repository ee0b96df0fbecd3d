import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RemoteUnavailableError } from './remote-unavailable-error';

/** Where the stand-in keeps its error, so the loader can tell it from a real module. */
const unavailableKey = '__trackboardRemoteUnavailable';

/**
 * Module Federation runtime plugin (the shell's `runtimePlugins`). When a remote's manifest,
 * entry or exposed module fails, `loadRemote` resolves to a stand-in module instead of
 * rejecting with a runtime error. The stand-in's component throws when rendered, so the error
 * boundary around that remote's route shows the contained fallback panel with Retry, and the
 * rest of the app keeps working (ARCHITECTURE §5).
 *
 * It must stay free of React: runtime plugins run in the entry chunk, before any shared
 * module is available.
 */
export default function remoteFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'trackboard-remote-fallback',
    errorLoadRemote({ id, error, lifecycle }) {
      // A failure at an earlier stage (request matching, manifest fetch) is re-raised inside
      // loadRemote and reaches this hook again as `onLoad`, where the caller waits for a module.
      // Answering the earlier stages would hand the runtime a fake manifest instead.
      if (lifecycle !== 'onLoad') return undefined;
      const unavailable = new RemoteUnavailableError(id, error);
      return {
        default: function RemoteUnavailable(): never {
          throw unavailable;
        },
        [unavailableKey]: unavailable,
      };
    },
  };
}

/**
 * Why `module` is this plugin's stand-in, or undefined for a real module. The loader asks
 * before React renders it: a canary that failed is loaded again at the current release
 * instead.
 */
export function unavailableCause(module: object): RemoteUnavailableError | undefined {
  return (module as { [unavailableKey]?: RemoteUnavailableError })[unavailableKey];
}
