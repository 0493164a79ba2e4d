import {
  settingsRoutes,
  type UpdateUserSettings,
  type UserSettings,
  userSettingsSchema,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';

export const settingsKeys = {
  all: ['settings'] as const,
};

export function getUserSettings(signal?: AbortSignal): Promise<UserSettings> {
  return apiRequest(settingsRoutes.settings, { schema: userSettingsSchema, ...(signal ? { signal } : {}) });
}

export function patchUserSettings(patch: UpdateUserSettings): Promise<UserSettings> {
  return apiRequest(settingsRoutes.settings, { method: 'PATCH', body: patch, schema: userSettingsSchema });
}

export const userSettingsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.all,
    queryFn: ({ signal }) => getUserSettings(signal),
  });
