export { createTaxDecisionsService, type TaxDecisionsService } from './decisions.service.ts';
export type { TaxService } from './tax.service.ts';
export { registerTaxModule } from './tax-module.ts';
