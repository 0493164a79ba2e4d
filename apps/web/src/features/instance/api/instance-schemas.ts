// The instance page's answer schemas, in their own chunk, loaded with its first request.
export {
  instanceOverviewSchema,
  instanceUserListSchema,
  invitationCreatedSchema,
  invitationListSchema,
} from '@app/contracts';
