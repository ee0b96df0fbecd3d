import type {
  WebhookDeliveryDto,
  WebhookDeliveryList,
  WebhookDto,
  WebhookEvent,
  WebhookList,
} from '@trackboard/contracts';
import { api, retryUnlessClientError } from '@trackboard/web-kit';
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';

// A project's webhooks, the notification service's calls.

export type NewWebhook = { url: string; secret: string; events: WebhookEvent[] };

const projectHooks = (key: string) => `/projects/${encodeURIComponent(key)}/webhooks`;
const hook = (id: string) => `/webhooks/${encodeURIComponent(id)}`;

export const webhooksApi = {
  list: (key: string) => api.get<WebhookList>(projectHooks(key)),
  create: (key: string, input: NewWebhook) => api.post<WebhookDto>(projectHooks(key), input),
  remove: (id: string) => api.delete<void>(hook(id)),
  /** A page of the log, newest first: the latest 50, or those older than `before` (a page's nextCursor). */
  deliveries: (id: string, before?: string) =>
    api.get<WebhookDeliveryList>(`${hook(id)}/deliveries${before ? `?${new URLSearchParams({ before })}` : ''}`),
  test: (id: string) => api.post<WebhookDeliveryDto>(`${hook(id)}/test`),
};

export const webhookKeys = {
  list: (key: string) => ['webhooks', key] as const,
  /**
   * A page of the log, after `before` (none: the first); with the newest delivery's id, so a new
   * delivery (a test) makes an open log read again from its first page.
   */
  deliveries: (id: string, lastDeliveryId = '', before = '') =>
    ['webhook-deliveries', id, lastDeliveryId, before] as const,
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

/** One webhook's delivery log, read while it is open: the latest 50, and older pages on request. */
export function useWebhookDeliveries(id: string, lastDeliveryId?: string) {
  const { data, error, size, setSize, isValidating } = useSWRInfinite(
    (index: number, previous: WebhookDeliveryList | null) =>
      index === 0
        ? webhookKeys.deliveries(id, lastDeliveryId)
        : previous?.nextCursor
          ? webhookKeys.deliveries(id, lastDeliveryId, previous.nextCursor)
          : null,
    ([, , , before]) => webhooksApi.deliveries(id, before || undefined),
    { ...options, revalidateFirstPage: false },
  );
  const pages = data ?? [];
  return {
    deliveries: data ? pages.flatMap((page) => page.deliveries) : undefined,
    error: error as unknown,
    /** Whether older deliveries are on the server, not yet shown. */
    older: pages.length > 0 && pages[pages.length - 1]!.nextCursor !== null,
    loadingOlder: isValidating && size > pages.length,
    showOlder: () => void setSize(size + 1),
  };
}
