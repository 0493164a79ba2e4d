import type { AccessToken, AccessTokenCreate } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api/api-error';
import { notifyError } from '@/lib/notify';
import { toast } from '@/lib/toast';
import {
  type AccessTokenList,
  accessTokenKeys,
  createAccessToken,
  revokeAccessToken,
} from './access-tokens-api';

export function useCreateAccessToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AccessTokenCreate) => createAccessToken(body),
    onSuccess: ({ token: _secret, ...saved }) => {
      // The list's cache is saved on the device for offline reading, so the secret never enters it.
      client.setQueryData<AccessTokenList>(
        accessTokenKeys.list(),
        (old) => old && { tokens: [saved, ...old.tokens.filter((t) => t.id !== saved.id)] },
      );
      void client.invalidateQueries({ queryKey: accessTokenKeys.list() });
    },
    // The answer holds the whole token: once the form has taken it (and reset), nothing keeps it.
    gcTime: 0,
    // The form shows field errors at their fields, and anything else itself.
    meta: { silent: true },
  });
}

export function useRevokeAccessToken() {
  const client = useQueryClient();
  const list = accessTokenKeys.list();
  return useMutation({
    mutationFn: ({ id }: Pick<AccessToken, 'id' | 'name'>) => revokeAccessToken(id),
    // Gone from the list at once: the user has confirmed, and waiting would suggest it still works.
    onMutate: async ({ id }) => {
      await client.cancelQueries({ queryKey: list });
      const before = client.getQueryData<AccessTokenList>(list);
      client.setQueryData<AccessTokenList>(
        list,
        (old) => old && { tokens: old.tokens.filter((t) => t.id !== id) },
      );
      return { before };
    },
    // Said here, not by the card: the card has left the page before the answer comes.
    onSuccess: (_done, { id, name }) => {
      client.removeQueries({ queryKey: accessTokenKeys.uses(id) });
      toast.success(`Token “${name}” revoked`);
    },
    onError: (error, _id, context) => {
      // Not found: revoked already (another tab, another device); it stays gone.
      if (isApiError(error) && error.status === 404) return;
      if (context?.before) client.setQueryData(list, context.before);
      notifyError(error);
    },
    onSettled: () => client.invalidateQueries({ queryKey: list }),
    meta: { silent: true },
  });
}
