import {
  type InstanceOverview,
  type InstanceUser,
  type Invitation,
  type InvitationCreate,
  type InvitationCreated,
  instanceRoutes,
  type SignupMode,
} from '@app/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { schemaLoader } from '@/lib/api/lazy-schemas';

const schema = schemaLoader(() => import('./instance-schemas'));

export const instanceKeys = {
  all: ['instance'] as const,
  overview: () => [...instanceKeys.all, 'overview'] as const,
  users: () => [...instanceKeys.all, 'users'] as const,
  invitations: () => [...instanceKeys.all, 'invitations'] as const,
};

/** What the administrator sees is what the server holds now: every visit asks again. */
const fresh = { staleTime: 0, meta: { silent: true } } as const;

export const instanceOverviewQuery = () =>
  queryOptions({
    queryKey: instanceKeys.overview(),
    queryFn: ({ signal }): Promise<InstanceOverview> =>
      apiRequest(instanceRoutes.overview, {
        schema: schema('instanceOverviewSchema'),
        signal,
        // A 403 here means "not an administrator", not a lost session: the page says so in place.
        sessionLossOnAuthError: false,
      }),
    ...fresh,
  });

export const instanceUsersQuery = () =>
  queryOptions({
    queryKey: instanceKeys.users(),
    queryFn: async ({ signal }): Promise<InstanceUser[]> =>
      (await apiRequest(instanceRoutes.users, { schema: schema('instanceUserListSchema'), signal })).users,
    ...fresh,
  });

export const invitationsQuery = () =>
  queryOptions({
    queryKey: instanceKeys.invitations(),
    queryFn: async ({ signal }): Promise<Invitation[]> =>
      (await apiRequest(instanceRoutes.invitations, { schema: schema('invitationListSchema'), signal }))
        .invitations,
    ...fresh,
  });

/** Every write here acts on the server as a whole: never queued offline to happen later. */
const now = { queueOffline: false } as const;

function useInstanceWrite<A, R>(write: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => client.invalidateQueries({ queryKey: instanceKeys.all }),
    meta: { silent: true },
  });
}

export const useSignupMode = () =>
  useInstanceWrite((mode: SignupMode) =>
    apiRequest(instanceRoutes.overview, {
      method: 'PATCH',
      body: { signup_mode: mode },
      schema: schema('instanceOverviewSchema'),
      ...now,
    }),
  );

export type AccountAction = 'disable' | 'enable' | 'promote' | 'delete';

export const useAccountAction = () =>
  useInstanceWrite(async ({ id, action }: { id: string; action: AccountAction }) => {
    const path = action === 'delete' ? instanceRoutes.user(id) : instanceRoutes[action](id);
    await apiRequest(path, { method: action === 'delete' ? 'DELETE' : 'POST', ...now });
  });

export const useCreateInvitation = () =>
  useInstanceWrite(
    (body: InvitationCreate): Promise<InvitationCreated> =>
      apiRequest(instanceRoutes.invitations, {
        method: 'POST',
        body,
        schema: schema('invitationCreatedSchema'),
        ...now,
      }),
  );

export const useRevokeInvitation = () =>
  useInstanceWrite(async (id: string) => {
    await apiRequest(instanceRoutes.invitation(id), { method: 'DELETE', ...now });
  });
