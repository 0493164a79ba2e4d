import {
  type RewardKind,
  type TransactionType,
  transactionTypeLabels,
  transactionTypes,
} from '@app/contracts';
import { controlClass, Field } from '@/components/ui/field';
import { TextField } from '@/components/ui/text-field';
import { CoinCombobox } from './coin-combobox';
import type { FormPortfolio, TransactionDraft } from './use-transaction-draft';

/** What was traded: portfolio, type, coin (and a reward's kind), quantity and price per coin. */
export function TransactionFields({
  d,
  portfolios,
}: {
  d: TransactionDraft;
  portfolios: readonly FormPortfolio[];
}) {
  const { coin, held, q } = d;
  return (
    <>
      <Field label="Portfolio" errors={d.errors.portfolio_id}>
        {(control) => (
          <select
            {...control}
            value={d.portfolioId}
            onChange={(e) => {
              d.setPortfolioId(e.target.value);
              d.forgetLots();
            }}
            className={controlClass(control['aria-invalid'])}
          >
            {portfolios.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Type">
        {(control) => (
          <select
            {...control}
            value={d.type}
            onChange={(e) => d.setType(e.target.value as TransactionType)}
            className={controlClass(control['aria-invalid'])}
          >
            {transactionTypes.map((t) => (
              <option key={t} value={t}>
                {transactionTypeLabels[t]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <CoinCombobox
        top={d.top}
        text={d.coinText}
        onText={(text) => {
          d.setCoinText(text);
          d.setPicked(null);
          d.forgetLots();
        }}
        selected={coin}
        onSelect={(c) => {
          d.setPicked(c);
          d.setCoinText(c.name);
          d.forgetLots();
        }}
        errors={d.errors.coin_id}
        hint={
          held
            ? `${q(held.available_quantity)} ${coin?.symbol.toUpperCase() ?? ''} held in this portfolio`
            : coin
              ? `${coin.name} (${coin.symbol.toUpperCase()})`
              : 'Type a name or symbol and choose from the list'
        }
      />
      {d.type === 'reward' && (
        <Field label="Reward kind">
          {(control) => (
            <select
              {...control}
              value={d.rewardKind}
              onChange={(e) => d.setRewardKind(e.target.value as RewardKind)}
              className={controlClass(control['aria-invalid'])}
            >
              <option value="staking">Staking</option>
              <option value="airdrop">Airdrop</option>
              <option value="other">Other</option>
            </select>
          )}
        </Field>
      )}
      <TextField
        label="Quantity"
        inputMode="decimal"
        value={d.quantity}
        errors={d.errors.quantity}
        onChange={(e) => d.setQuantity(e.target.value)}
      />
      <TextField
        label={`Price per coin (${d.currency.toUpperCase()})`}
        inputMode="decimal"
        value={d.price}
        errors={d.errors.price_per_coin}
        hint={d.priceHint}
        onFocus={() => d.setPinnedPrice(d.price)}
        onBlur={() => d.setPinnedPrice(null)}
        onChange={(e) => {
          d.setPriceTouched(true);
          d.setPrice(e.target.value);
        }}
      />
    </>
  );
}
