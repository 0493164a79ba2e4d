export { createCarriedCostSource } from './carried-costs.ts';
export { registerTransferRoutes } from './transfers.routes.ts';
export {
  createTransfersService,
  type ProposedPartner,
  type TransferLinks,
  type TransfersService,
} from './transfers.service.ts';
