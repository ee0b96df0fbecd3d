import type {
  WebhookDeliveryDto,
  WebhookDeliveryList,
  WebhookDto,
  WebhookEvent,
  WebhookList,
} from '@trackboard/contracts';
import { api, retryUnlessClientError } from '@trackboard/web-kit';
import useSWR from 'swr';

// A project's webhooks, the notification service's calls.

export type NewWebhook = { url: string; secret: string; events: WebhookEvent[] };

const projectHooks = (key: string) => `/projects/${encodeURIComponent(key)}/webhooks`;
const hook = (id: string) => `/webhooks/${encodeURIComponent(id)}`;

export const webhooksApi = {
  list: (key: string) => api.get<WebhookList>(projectHooks(key)),
  create: (key: string, input: NewWebhook) => api.post<WebhookDto>(projectHooks(key), input),
  remove: (id: string) => api.delete<void>(hook(id)),
  deliveries: (id: string) => api.get<WebhookDeliveryList>(`${hook(id)}/deliveries`),
  test: (id: string) => api.post<WebhookDeliveryDto>(`${hook(id)}/test`),
};

export const webhookKeys = {
  list: (key: string) => ['webhooks', key] as const,
  /** With the newest delivery's id: a new delivery (a test) makes an open log read again. */
  deliveries: (id: string, lastDeliveryId = '') => ['webhook-deliveries', id, lastDeliveryId] as const,
};

const options = { shouldRetryOnError: retryUnlessClientError };

/** The project's webhooks and what the section does with them; each change asks for the list again. */
export function useProjectWebhooks(key: string) {
  const { data, error, isLoading, mutate } = useSWR(webhookKeys.list(key), () => webhooksApi.list(key), options);
  const thenRefresh = async <T>(change: Promise<T>): Promise<T> => {
    const result = await change;
    await mutate();
    return result;
  };
  return {
    webhooks: data?.webhooks,
    error: error as unknown,
    isLoading,
    create: (input: NewWebhook) => thenRefresh(webhooksApi.create(key, input)),
    remove: (id: string) => thenRefresh(webhooksApi.remove(id)),
    /** "Send test": the outcome comes back at once; the webhook's last delivery changes with it. */
    test: (id: string) => thenRefresh(webhooksApi.test(id)),
  };
}
export type WebhookActions = ReturnType<typeof useProjectWebhooks>;

/** One webhook's delivery log (the last 50), read while it is open. */
export function useWebhookDeliveries(id: string, lastDeliveryId?: string) {
  return useSWR(webhookKeys.deliveries(id, lastDeliveryId), () => webhooksApi.deliveries(id), options);
}
