import { useEffect, useState } from 'react';
import { listSeenCoins, type SeenCoin } from './seen-coins';

const none: readonly SeenCoin[] = [];

/**
 * The coins seen on this device, read once the field mounts: without a network they are all the
 * coin field can offer, and online they fill in what the top of the market leaves out.
 */
export function useSeenCoins(): readonly SeenCoin[] {
  const [coins, setCoins] = useState(none);
  useEffect(() => {
    let live = true;
    listSeenCoins().then(
      (list) => {
        if (live) setCoins(list);
      },
      () => {
        // No IndexedDB (a private window): the market's own lists are all there is.
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return coins;
}
