import type { Projection, ProjectionCreateInput, ProjectionUpdateInput } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createProjection, deleteProjection, projectionKeys, updateProjection } from '../api/projections-api';

/** Create, update and delete failures are only logged; no user message is shown. */
const logOnly = (what: string) => (error: unknown) => {
  console.error(`Projection ${what} failed`, error);
};

export function useCreateProjection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectionCreateInput) => createProjection(body),
    meta: { silent: true },
    onError: logOnly('create'),
    // Creating refreshes the list before the new one is selected.
    onSuccess: () => client.invalidateQueries({ queryKey: projectionKeys.list() }),
  });
}

export function useUpdateProjection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ProjectionUpdateInput }) => updateProjection(id, body),
    meta: { silent: true },
    onError: logOnly('update'),
    onSuccess: (updated: Projection) =>
      Promise.all([
        client.invalidateQueries({ queryKey: projectionKeys.list() }),
        client.invalidateQueries({ queryKey: projectionKeys.detail(updated.id) }),
      ]),
  });
}

export function useDeleteProjection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteProjection(id),
    meta: { silent: true },
    onError: logOnly('delete'),
    onSuccess: (_void, id) => {
      client.removeQueries({ queryKey: projectionKeys.detail(id) });
      return client.invalidateQueries({ queryKey: projectionKeys.list() });
    },
  });
}
