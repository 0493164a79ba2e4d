// Loaded with the allocation's first request (wallet-allocation-api.ts), so zod stays out of the page's first paint.
export { walletAllocationSchema } from '@app/contracts';
