import {
  type ChannelCreateBody,
  type ChannelUpdateBody,
  deliveryRoutes,
  type NotificationPreferencesUpdate,
} from '@app/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { schemaLoader } from '@/lib/api/lazy-schemas';

/** This feature's response schemas load with its first request (so zod is not in the first paint). */
const schema = schemaLoader(() => import('./delivery-schemas'));

/** Delivery channels, quiet hours and digest, and the delivery log. Shared by Settings and the alert dialog. */
export const deliveryKeys = {
  all: ['delivery'] as const,
  channels: () => [...deliveryKeys.all, 'channels'] as const,
  preferences: () => [...deliveryKeys.all, 'preferences'] as const,
  log: () => [...deliveryKeys.all, 'log'] as const,
};

export const channelsQuery = () =>
  queryOptions({
    queryKey: deliveryKeys.channels(),
    queryFn: ({ signal }) =>
      apiRequest(deliveryRoutes.channels, { schema: schema('channelListResponseSchema'), signal }),
  });

export const preferencesQuery = () =>
  queryOptions({
    queryKey: deliveryKeys.preferences(),
    queryFn: ({ signal }) =>
      apiRequest(deliveryRoutes.preferences, { schema: schema('notificationPreferencesSchema'), signal }),
  });

export const deliveryLogQuery = () =>
  queryOptions({
    queryKey: deliveryKeys.log(),
    staleTime: 0,
    queryFn: ({ signal }) =>
      apiRequest(`${deliveryRoutes.deliveries}?limit=20`, {
        schema: schema('deliveryListResponseSchema'),
        signal,
      }),
  });

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: deliveryKeys.all });
}

export function useCreateChannel() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: ChannelCreateBody) =>
      apiRequest(deliveryRoutes.channels, {
        method: 'POST',
        body,
        schema: schema('notificationChannelSchema'),
      }),
    onSuccess: invalidate,
    meta: { silent: true },
  });
}

export function useUpdateChannel() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ChannelUpdateBody }) =>
      apiRequest(deliveryRoutes.channel(id), {
        method: 'PATCH',
        body,
        schema: schema('notificationChannelSchema'),
      }),
    onSettled: invalidate,
  });
}

export function useDeleteChannel() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => apiRequest(deliveryRoutes.channel(id), { method: 'DELETE' }),
    onSettled: invalidate,
  });
}

export function useTestChannel() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(deliveryRoutes.channelTest(id), {
        method: 'POST',
        schema: schema('channelTestResponseSchema'),
        // A test only means something with its answer now.
        queueOffline: false,
      }),
    onSettled: invalidate,
  });
}

export function useUpdatePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferencesUpdate) =>
      apiRequest(deliveryRoutes.preferences, {
        method: 'PATCH',
        body,
        schema: schema('notificationPreferencesSchema'),
      }),
    onSuccess: (data) => client.setQueryData(deliveryKeys.preferences(), data),
    meta: { silent: true },
  });
}

export function useRetryDelivery() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(deliveryRoutes.deliveryRetry(id), {
        method: 'POST',
        schema: schema('deliveryRetryResponseSchema'),
      }),
    onSettled: invalidate,
  });
}
