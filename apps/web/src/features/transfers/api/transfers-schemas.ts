/* The transfers view's response schema, in the feature's lazy chunk: it loads beside the request. */
export { transfersResponseSchema } from '@app/contracts';
