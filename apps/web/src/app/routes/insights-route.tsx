import { CreateAlertButton } from '@/features/alerts';
import { OraclePage } from '@/features/insights/oracle-page';

/** Oracle with the alert dialog for "alert at this price" actions, composed by the app layer. */
export function InsightsRoute() {
  return (
    <OraclePage
      renderAlertAction={({ coinId, price, currency, label, className }) => (
        <CreateAlertButton
          coinId={coinId}
          prefillPrice={price}
          prefillCurrency={currency}
          label={label}
          className={className}
        />
      )}
    />
  );
}
