import {
  type RewardKind,
  type Transaction,
  type TransactionCreateBody,
  type TransactionPreviewResponse,
  type TransactionType,
  transactionTypeLabels,
  transactionTypes,
} from '@app/contracts';
import { normalizeDecimalInput } from '@app/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { Private } from '@/components/ui/private-value';
import { TextField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api/api-error';
import { useQuantityFormatter } from '@/lib/quantity';
import { useMoneyIn } from '@/lib/settings';
import { availableQuery, coinChoicesQuery, previewTransaction } from '../api/transactions-api';

export interface FormPortfolio {
  id: string;
  name: string;
  currency: string;
}

/** datetime-local wants local wall time without a zone. */
function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function TransactionForm({
  portfolios,
  editing,
  onSubmit,
  onCancel,
}: {
  portfolios: readonly FormPortfolio[];
  editing?: Transaction | undefined;
  onSubmit: (body: TransactionCreateBody) => Promise<unknown>;
  onCancel: () => void;
}) {
  const ids = { coin: useId(), list: useId(), type: useId(), portfolio: useId(), reward: useId() };
  const [portfolioId, setPortfolioId] = useState(editing?.portfolio_id ?? portfolios[0]?.id ?? '');
  const [coinId, setCoinId] = useState(editing?.coin_id ?? '');
  const [type, setType] = useState<TransactionType>(editing?.type ?? 'buy');
  const [quantity, setQuantity] = useState(editing?.quantity ?? '');
  const [price, setPrice] = useState(editing?.price_per_coin ?? '');
  const [fee, setFee] = useState(editing?.fee ?? '0');
  const [date, setDate] = useState(toLocalInput(editing?.executed_at ?? new Date().toISOString()));
  const [note, setNote] = useState(editing?.note ?? '');
  const [rewardKind, setRewardKind] = useState<RewardKind>(editing?.reward_kind ?? 'staking');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<TransactionPreviewResponse | null>(null);
  const moneyIn = useMoneyIn();
  const q = useQuantityFormatter();
  const coins = useQuery(coinChoicesQuery());
  const available = useQuery(availableQuery(portfolioId));
  const currency = portfolios.find((p) => p.id === portfolioId)?.currency ?? 'usd';
  const held = available.data?.cryptocurrencies.find(
    (c) => c.id === coinId && c.portfolio_id === portfolioId,
  );

  const body = (): TransactionCreateBody | null => {
    const at = new Date(date);
    if (!portfolioId || !coinId || !quantity || Number.isNaN(at.getTime())) return null;
    return {
      portfolio_id: portfolioId,
      coin_id: coinId.trim().toLowerCase(),
      type,
      quantity: normalizeDecimalInput(quantity),
      price_per_coin: normalizeDecimalInput(price) || '0',
      fee: normalizeDecimalInput(fee) || '0',
      date: at.toISOString(),
      note,
      ...(type === 'reward' ? { reward_kind: rewardKind } : {}),
    };
  };
  const candidate = body();
  const candidateKey = JSON.stringify(candidate);

  // Validate-and-preview while typing: what saving would do to the holding (issue 4).
  useEffect(() => {
    const parsed = candidateKey === 'null' ? null : (JSON.parse(candidateKey) as TransactionCreateBody);
    if (!parsed) {
      setPreview(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      previewTransaction({ ...parsed, ...(editing ? { transaction_id: editing.id } : {}) }, controller.signal)
        .then((p) => {
          setPreview(p);
          setErrors((e) => ({ ...e, quantity: p.violation ? [p.violation.message] : [] }));
        })
        .catch((error: unknown) => {
          setPreview(null);
          if (isApiError(error)) setErrors(error.fieldErrors);
        });
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [candidateKey, editing]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next = body();
    if (!next) {
      setErrors({
        ...(coinId ? {} : { coin_id: ['Choose a coin'] }),
        ...(quantity ? {} : { quantity: ['Quantity must be greater than 0'] }),
      });
      return;
    }
    setBusy(true);
    try {
      await onSubmit(next);
    } catch (error) {
      if (isApiError(error)) setErrors(error.fieldErrors);
    } finally {
      setBusy(false);
    }
  }

  const money = (v: string | null) => moneyIn(v, currency);
  return (
    <form
      onSubmit={submit}
      aria-label={editing ? 'Edit transaction' : 'Add transaction'}
      className="grid gap-3 rounded-xl border border-line bg-surface p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.portfolio} className="text-sm font-medium">
          Portfolio
        </label>
        <select
          id={ids.portfolio}
          value={portfolioId}
          onChange={(e) => setPortfolioId(e.target.value)}
          className="rounded-lg border border-line bg-bg px-3 py-2 text-sm"
        >
          {portfolios.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        {errors.portfolio_id && <p className="text-xs text-danger">{errors.portfolio_id.join(' ')}</p>}
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.type} className="text-sm font-medium">
          Type
        </label>
        <select
          id={ids.type}
          value={type}
          onChange={(e) => setType(e.target.value as TransactionType)}
          className="rounded-lg border border-line bg-bg px-3 py-2 text-sm"
        >
          {transactionTypes.map((t) => (
            <option key={t} value={t}>
              {transactionTypeLabels[t]}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label="Coin"
        list={ids.list}
        value={coinId}
        placeholder="bitcoin"
        autoComplete="off"
        errors={errors.coin_id}
        hint={held ? `${q(held.available_quantity)} held in this portfolio` : 'Type or pick a coin id'}
        onChange={(e) => setCoinId(e.target.value)}
      />
      <datalist id={ids.list}>
        {coins.data?.cryptocurrencies.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name} ({c.symbol.toUpperCase()})
          </option>
        ))}
      </datalist>
      {type === 'reward' && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.reward} className="text-sm font-medium">
            Reward kind
          </label>
          <select
            id={ids.reward}
            value={rewardKind}
            onChange={(e) => setRewardKind(e.target.value as RewardKind)}
            className="rounded-lg border border-line bg-bg px-3 py-2 text-sm"
          >
            <option value="staking">Staking</option>
            <option value="airdrop">Airdrop</option>
            <option value="other">Other</option>
          </select>
        </div>
      )}
      <TextField
        label="Quantity"
        inputMode="decimal"
        value={quantity}
        errors={errors.quantity}
        onChange={(e) => setQuantity(e.target.value)}
      />
      <TextField
        label={`Price per coin (${currency.toUpperCase()})`}
        inputMode="decimal"
        value={price}
        errors={errors.price_per_coin}
        hint={type === 'reward' ? 'Leave 0 for a zero cost basis' : undefined}
        onChange={(e) => setPrice(e.target.value)}
      />
      <TextField
        label={`Fee (${currency.toUpperCase()})`}
        inputMode="decimal"
        value={fee}
        errors={errors.fee}
        onChange={(e) => setFee(e.target.value)}
      />
      <TextField
        label="Date and time"
        type="datetime-local"
        value={date}
        errors={errors.date}
        onChange={(e) => setDate(e.target.value)}
      />
      <TextField
        label="Note"
        value={note}
        errors={errors.note}
        onChange={(e) => setNote(e.target.value)}
        className="sm:col-span-2"
      />
      {preview && !preview.violation && (
        <output
          aria-label="Preview"
          className="rounded-lg bg-surface-2 p-3 text-sm sm:col-span-2 lg:col-span-4"
        >
          After this: holding <Private>{q(preview.holding_after)}</Private> (was{' '}
          <Private>{q(preview.holding_before)}</Private>), cost basis{' '}
          <Private>{money(preview.cost_basis_after)}</Private>
          {preview.average_cost_after !== null && (
            <>
              , average <Private>{money(preview.average_cost_after)}</Private>
            </>
          )}
          {preview.realized_pnl !== null && (
            <>
              , realized P&amp;L <Private>{money(preview.realized_pnl)}</Private>
            </>
          )}{' '}
          ({preview.method}).
        </output>
      )}
      <div className="flex gap-2 sm:col-span-2 lg:col-span-4">
        <button type="submit" className={buttonStyles.primary} disabled={busy}>
          {editing ? 'Save transaction' : 'Add transaction'}
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
