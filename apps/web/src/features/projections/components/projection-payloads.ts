// The request bodies are built in exact decimals (decimal.js, a sizeable library): this module is imported
// only when the dialog submits, so they load with the dialog (which already needs them) instead of
// with the projections page (to keep the page's first load within the route budget).
export { toCreatePayload, toUpdatePayload } from '@app/core';
