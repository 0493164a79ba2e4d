import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationsQueryRoot } from '@/lib/events';
import { toast } from '@/lib/toast';
import { type AlertBody, alertKeys, alertsQuery, createAlert, deleteAlert, updateAlert } from './alerts-api';

export const useAlerts = () => useQuery(alertsQuery());

/** Every change also refreshes notifications: the badge counts only while an alert is active. */
function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: alertKeys.all }),
      client.invalidateQueries({ queryKey: [notificationsQueryRoot] }),
    ]);
}

/** Validation errors are shown under the fields by the form, so they skip the global toast. */
export function useSaveAlert() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: AlertBody }) =>
      id === null ? createAlert(body) : updateAlert(id, body),
    onSuccess: async (_alert, { id }) => {
      toast.success(id === null ? 'Alert created' : 'Alert updated');
      await invalidate();
    },
    meta: { silent: true },
  });
}

export function useToggleAlert() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => updateAlert(id, { active }),
    onSettled: invalidate,
  });
}

export function useDeleteAlert() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => deleteAlert(id),
    onSuccess: () => toast.success('Alert deleted'),
    onSettled: invalidate,
  });
}
