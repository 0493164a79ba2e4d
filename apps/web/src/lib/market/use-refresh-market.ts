import { marketMessages } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { toast } from '@/lib/toast';
import { marketKeys } from './market-api';

/** The manual refresh with its toasts: refreshing, then refreshed or failed. */
export function useRefreshMarket(): { refresh: () => void; refreshing: boolean } {
  const client = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const refresh = useCallback(() => {
    setRefreshing(true);
    const id = toast.loading(marketMessages.refreshing);
    client
      .refetchQueries({ queryKey: marketKeys.all, type: 'active' }, { throwOnError: true })
      .then(
        () => toast.success(marketMessages.refreshed, { id }),
        () => toast.error(marketMessages.refreshFailed, { id }),
      )
      .finally(() => setRefreshing(false));
  }, [client]);
  return { refresh, refreshing };
}
