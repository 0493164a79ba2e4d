import { marketCategoryOptions } from '@app/contracts';

/** The market table's heading row: its filters, and how many coins the list holds. */
export function MarketFilterBar({
  category,
  excludeStablecoins,
  favoritesOnly,
  count,
  updating,
  onCategory,
  onExcludeStablecoins,
  onFavoritesOnly,
}: {
  category: string;
  excludeStablecoins: boolean;
  favoritesOnly: boolean;
  /** The list's coin count, once a list is here. */
  count: number | undefined;
  updating: boolean;
  onCategory: (category: string) => void;
  onExcludeStablecoins: (exclude: boolean) => void;
  onFavoritesOnly: (only: boolean) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3 border-b border-line p-3 text-sm">
      <h2 className="text-sm font-semibold uppercase tracking-wide text-muted">Market</h2>
      <label className="flex items-center gap-2">
        <span>Category</span>
        <select
          value={category}
          onChange={(e) => onCategory(e.target.value)}
          className="rounded-lg border border-line bg-surface-2 px-2 py-1"
        >
          <option value="">All categories</option>
          {marketCategoryOptions.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={excludeStablecoins}
          onChange={(e) => onExcludeStablecoins(e.target.checked)}
          className="accent-accent"
        />
        Exclude stablecoins
      </label>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={favoritesOnly}
          onChange={(e) => onFavoritesOnly(e.target.checked)}
          className="accent-accent"
        />
        Favourites only
      </label>
      {count !== undefined && (
        <span className="ml-auto flex gap-1 text-xs text-muted">
          {/* Before the count, and kept in its place while hidden: going, it moved the count
              (a layout shift), which stays flush with the table's right edge. */}
          <span className={updating ? undefined : 'invisible'} aria-hidden={updating ? undefined : true}>
            updating… ·
          </span>
          <span>{count} coins</span>
        </span>
      )}
    </div>
  );
}
