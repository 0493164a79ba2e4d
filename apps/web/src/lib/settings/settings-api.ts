import { settingsRoutes, type UpdateUserSettings, type UserSettings } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { shellSchema } from '@/lib/api/lazy-schemas';
import { mirrorSettings } from './local-settings-mirror';

export const settingsKeys = {
  all: ['settings'] as const,
};

export async function getUserSettings(signal?: AbortSignal): Promise<UserSettings> {
  const settings = await apiRequest(settingsRoutes.settings, {
    schema: shellSchema('userSettingsSchema'),
    ...(signal ? { signal } : {}),
  });
  mirrorSettings(settings);
  return settings;
}

export async function patchUserSettings(patch: UpdateUserSettings): Promise<UserSettings> {
  const settings = await apiRequest(settingsRoutes.settings, {
    method: 'PATCH',
    body: patch,
    schema: shellSchema('userSettingsSchema'),
  });
  mirrorSettings(settings);
  return settings;
}

export const userSettingsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.all,
    queryFn: ({ signal }) => getUserSettings(signal),
  });
