import { Button } from '@/components/ui/button';

/** Previous and next page under the list, with the page's place among them. */
export function TransactionPagesNav({
  page,
  pages,
  hasPrevious,
  hasNext,
  onPage,
}: {
  page: number;
  pages: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPage: (page: number) => void;
}) {
  return (
    <nav aria-label="Pages" className="mt-3 flex items-center gap-3 text-sm">
      <Button variant="secondary" disabled={!hasPrevious} onClick={() => onPage(page - 1)}>
        Previous page
      </Button>
      <span>
        Page {page} of {pages}
      </span>
      <Button variant="secondary" disabled={!hasNext} onClick={() => onPage(page + 1)}>
        Next page
      </Button>
    </nav>
  );
}
