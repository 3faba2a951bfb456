import { settingsResponseSchema, settingsUpdateSchema } from '@altwise/shared';
import type { Settings, SettingsUpdate } from '@altwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';
import { toast } from '@/lib/toast';
import { settingsQueryKey } from './get-settings';

/** PUT /v1/settings with any subset, e.g. { notifications: { email: false } }. */
export async function updateSettings(changes: SettingsUpdate): Promise<Settings> {
  const body = settingsUpdateSchema.parse(changes);
  const payload = await api.put<unknown>('/v1/settings', body);
  return parseResponse(settingsResponseSchema, payload, 'settings').settings;
}

const UPDATE_SETTINGS_KEY = ['settings', 'update'];

/** Deep-merges a change into the settings (two levels: section, then field). */
export function mergeSettings(settings: Settings, changes: SettingsUpdate): Settings {
  return {
    notifications: { ...settings.notifications, ...changes.notifications },
    privacy: { ...settings.privacy, ...changes.privacy },
    security: { ...settings.security, ...changes.security },
    api: { ...settings.api, ...changes.api },
    altText: { ...settings.altText, ...changes.altText },
  };
}

/**
 * Optimistic: the switch moves at once; the server's answer replaces it, and a failure
 * puts the previous value back with the server's message.
 */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: UPDATE_SETTINGS_KEY,
    mutationFn: updateSettings,
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: settingsQueryKey });
      const previous = queryClient.getQueryData<Settings>(settingsQueryKey);
      if (previous) queryClient.setQueryData<Settings>(settingsQueryKey, mergeSettings(previous, changes));
      return { previous };
    },
    onError: (error, _changes, context) => {
      if (context?.previous) queryClient.setQueryData(settingsQueryKey, context.previous);
      toast.error(errorMessage(error));
    },
    onSuccess: (settings) => {
      // While another change is still in flight, its optimistic value stays on screen.
      if (queryClient.isMutating({ mutationKey: UPDATE_SETTINGS_KEY }) <= 1) {
        queryClient.setQueryData(settingsQueryKey, settings);
      }
      toast.success('Setting updated successfully!');
    },
  });
}
