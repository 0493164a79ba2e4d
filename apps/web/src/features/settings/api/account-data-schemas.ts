// The account data answers' schemas, in the account data chunk (it loads beside the first request).
export { accountDeletedSchema, accountImportResultSchema, accountSummarySchema } from '@app/contracts';
