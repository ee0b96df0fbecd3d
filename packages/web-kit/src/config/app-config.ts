import type { AppConfig } from '@trackboard/contracts';
import { create } from 'zustand';
import { kitText } from '../i18n/kit-messages';

/**
 * The gateway's defaults (ARCHITECTURE §8: APP_NAME, APP_PROVIDER, SUPPORT_EMAIL), shown
 * until GET /app-config.json answers, and kept when it cannot.
 */
export const defaultAppConfig: AppConfig = {
  name: 'Trackboard',
  provider: 'Trackboard',
  supportEmail: 'admin@trackboard.local',
};

/** The product's name and support contact as the gateway is configured. */
export const useAppConfig = create<AppConfig & { loaded: boolean }>()(() => ({ ...defaultAppConfig, loaded: false }));

/** Spec §1: the product is shown under its name plus "by" the provider. */
/** "{name} by {provider}" (spec §1); the name alone when the provider is the product itself ("Trackboard by Trackboard"). */
export const appTitleOf = ({ name, provider }: AppConfig) =>
  name === provider ? name : kitText('appTitle', { name, provider });

let loading: Promise<void> | undefined;

/** Reads GET /app-config.json once (app start); a failure keeps the defaults and may be tried again. */
export function loadAppConfig(): Promise<void> {
  if (useAppConfig.getState().loaded) return Promise.resolve();
  loading ??= fetch('/app-config.json', { headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`GET /app-config.json answered ${response.status}`);
      const config: unknown = await response.json();
      if (!isAppConfig(config)) throw new Error('GET /app-config.json answered an unexpected shape');
      useAppConfig.setState({
        name: config.name,
        provider: config.provider,
        supportEmail: config.supportEmail,
        loaded: true,
      });
    })
    .catch((error: unknown) => console.warn('Could not load the app configuration', error))
    .finally(() => {
      loading = undefined;
    });
  return loading;
}

function isAppConfig(value: unknown): value is AppConfig {
  if (!value || typeof value !== 'object') return false;
  const { name, provider, supportEmail } = value as Record<string, unknown>;
  return [name, provider, supportEmail].every((field) => typeof field === 'string' && field.length > 0);
}
