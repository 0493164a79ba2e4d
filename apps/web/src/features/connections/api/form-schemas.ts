// The connection forms' checks. The forms travel in the feature's lazy chunk (connection-parts),
// so these load with the dialogs, never in a page's first paint.
export {
  connectionCreateBodySchema,
  connectionUpdateBodySchema,
  heldDecideBodySchema,
  transactionClassifyBodySchema,
} from '@app/contracts';
