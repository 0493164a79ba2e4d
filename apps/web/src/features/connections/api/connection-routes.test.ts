import { connectionRecordRoutes, connectionRoutes, connectionSyncRoutes } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { connectionPaths } from './connections-api';
import { heldPaths } from './held-records-api';

describe('the connection paths the pages call', () => {
  it('are the contract’s, written out so the schemas beside them stay out of the first load', () => {
    expect(connectionPaths).toEqual({ list: connectionRoutes.list, ...connectionSyncRoutes });
    expect(heldPaths).toEqual(connectionRecordRoutes);
  });
});
