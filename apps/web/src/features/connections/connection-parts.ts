/*
 * Everything of the connection pages that is not their first paint, as one chunk: the response
 * schemas (it loads beside the first request), the forms' checks, the dialogs and the detail
 * view's sections. One chunk because the connection contracts' constants are reached by all of
 * them: shared by several chunks, that small module became a chunk of its own, which the build
 * folds into the shared parts other pages load too.
 */
export * from './api/connections-schemas';
export { ConnectDialog } from './components/connect-dialog';
export { ConnectionDetails } from './components/connection-details';
export { DeleteConnectionDialog } from './components/delete-connection-dialog';
export { EditConnectionDialog } from './components/edit-connection-dialog';
export { ExchangeNotes } from './components/exchange-notes';
