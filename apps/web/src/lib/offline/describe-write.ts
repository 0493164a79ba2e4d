const verbs: Record<string, string> = { POST: 'Create', PUT: 'Update', PATCH: 'Update', DELETE: 'Delete' };

function field(body: unknown, name: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** "transfer_in" → "Transfer in": the type as the form shows it. */
const typeWords = (type: string) => `${type.charAt(0).toUpperCase()}${type.slice(1).replace(/_/g, ' ')}`;

function transactionLabel(body: unknown): string | undefined {
  const type = field(body, 'type');
  const quantity = field(body, 'quantity');
  const coin = field(body, 'coin_id');
  if (type === undefined || quantity === undefined || coin === undefined) return undefined;
  const price = field(body, 'price_per_coin');
  return `${typeWords(type)} ${quantity} ${coin}${price !== undefined && price !== '0' ? ` at ${price}` : ''}`;
}

/**
 * The write in the user's words, for the list of offline changes. No contract import on purpose:
 * this runs in the lazy offline chunk, and the contract modules would split the first load's chunks.
 */
export function describeWrite(method: string, path: string, body: unknown): string {
  const parts = (path.split('?')[0] ?? path).split('/').filter((part) => part !== '' && !/^v\d+$/.test(part));
  if (parts[0] === 'transactions') {
    const what = transactionLabel(body);
    if (method === 'POST' && parts.length === 1) return what ? `New transaction: ${what}` : 'New transaction';
    if (method === 'DELETE') return 'Delete a transaction';
    return what ? `Edit transaction: ${what}` : 'Edit a transaction';
  }
  const resource = parts
    .filter((part) => !/\d/.test(part))
    .join(' ')
    .replace(/[-_]/g, ' ');
  const name = field(body, 'name');
  return `${verbs[method] ?? method} ${resource || 'item'}${name ? ` “${name}”` : ''}`;
}
