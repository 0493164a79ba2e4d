import { projectionMessages } from '@app/contracts';
import type { ProjectionDialogForm } from '@app/core';
import { isApiError } from '@/lib/api/api-error';
import { saveOrQueue } from '@/lib/api/saved-or-queued';
import { useCreateProjection, useUpdateProjection } from './use-projection-mutations';

/**
 * The dialog's two saves. A create made offline is kept on this device and sent later: the
 * dialog closes (`closeDialog`) as after a save. A failure is only logged; the dialog decides what
 * to show from the answer (null, false).
 */
export function useProjectionSubmit(closeDialog: () => void) {
  const create = useCreateProjection();
  const update = useUpdateProjection();
  const submitCreate = async (values: ProjectionDialogForm, currency: string) => {
    try {
      const { toCreatePayload } = await import('../components/projection-payloads');
      const payload = { ...toCreatePayload(values), currency: currency as 'usd' };
      const saved = await saveOrQueue(() => create.mutateAsync(payload));
      if (!saved.queued) return saved.value;
      // Offline: kept on this device and sent later; the dialog closes as after a save.
      closeDialog();
      return null;
    } catch (error) {
      if (!isApiError(error)) console.error(projectionMessages.missingCreateInput, error);
      return null;
    }
  };

  const submitUpdate = async (id: string, values: ProjectionDialogForm) => {
    try {
      const { toUpdatePayload } = await import('../components/projection-payloads');
      await update.mutateAsync({ id, body: toUpdatePayload(values) });
      return true;
    } catch {
      return false;
    }
  };
  return { submitCreate, submitUpdate };
}
