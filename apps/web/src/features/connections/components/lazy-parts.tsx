import { lazyPart } from '@/lib/lazy-part';

/*
 * What the connection pages draw only after a click or after their data has arrived loads apart
 * from their first JavaScript, to keep each page's first load within the route budget: the
 * dialogs with their forms, the detail view's sections with the coin search, and an exchange
 * account's notes (connection-parts).
 */
const load = () => import('../connection-parts');

export const connectDialog = lazyPart(load, (m) => m.ConnectDialog);
export const editDialog = lazyPart(load, (m) => m.EditConnectionDialog);
export const deleteDialog = lazyPart(load, (m) => m.DeleteConnectionDialog);
export const connectionDetails = lazyPart(load, (m) => m.ConnectionDetails);
export const exchangeNotes = lazyPart(load, (m) => m.ExchangeNotes);
