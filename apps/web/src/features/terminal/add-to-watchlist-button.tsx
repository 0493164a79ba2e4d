import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { WatchlistCoin } from './components/add-to-watchlist-dialog';

// The dialog and the watchlist schemas load when it is first opened: the coin page's first load leaves them out.
export const AddToWatchlistDialog = lazy(() =>
  import('./components/add-to-watchlist-dialog').then((m) => ({ default: m.AddToWatchlistDialog })),
);

/** The coin page's "Add to watchlist": the list is chosen in the dialog it opens. */
export function AddToWatchlistButton({ coin }: { coin: WatchlistCoin }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Add to watchlist
      </Button>
      {open && (
        <Suspense fallback={null}>
          <AddToWatchlistDialog coin={coin} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
