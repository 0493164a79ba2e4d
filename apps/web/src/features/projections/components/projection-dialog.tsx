import {
  clearFieldError,
  currencyDecimals,
  decimalForInput,
  hasFormErrors,
  type ProjectionDialogForm,
  type ProjectionFormErrors,
  type ProjectionFormField,
  prefillFromCoin,
  validateProjectionForm,
} from '@app/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { useBaseCurrency } from '@/lib/settings';
import { type PickerCoin, portfolioDataQuery } from '../api/projections-api';
import { useProjectionsSelection } from '../store/projections-selection-store';
import { rememberCoin } from './coin-cache';
import { CoinPicker } from './coin-picker';
import { dialogFormOf } from './edit-form-state';
import { PortfolioHoldingsNote } from './portfolio-holdings-note';

interface ProjectionDialogProps {
  /** Runs after a successful create with the new id (the page selects it and navigates). */
  onCreated: (id: string) => void;
  onClose: () => void;
  submitCreate: (form: ProjectionDialogForm, currency: string) => Promise<{ id: string } | null>;
  submitUpdate: (id: string, form: ProjectionDialogForm) => Promise<boolean>;
}

const fieldOf: Record<'name' | 'investedCapital' | 'tokensOwned' | 'sellTax', ProjectionFormField> = {
  name: 'name',
  investedCapital: 'investedCapital',
  tokensOwned: 'tokensOwned',
  sellTax: 'sellTax',
};

/**
 * The projection dialog. Its typed values live in the persisted form state, so a
 * half-filled dialog survives a reload. Errors show under their field and clear when
 * that field is edited.
 */
export function ProjectionDialog({ onCreated, onClose, submitCreate, submitUpdate }: ProjectionDialogProps) {
  const form = useProjectionsSelection((s) => s.formState);
  const setForm = useProjectionsSelection((s) => s.setFormState);
  const currency = useBaseCurrency();
  const [errors, setErrors] = useState<ProjectionFormErrors>({});
  const [busy, setBusy] = useState(false);
  const mode = form.mode;

  const dialogForm = dialogFormOf(form);

  const holdings = useQuery({ ...portfolioDataQuery(form.coinId), enabled: form.coinId !== '' });
  const offer = holdings.data?.portfolio_data_available === true ? holdings.data : null;
  // The coin just picked, until its portfolio amounts arrive and fill the two fields.
  const [fillFor, setFillFor] = useState<string | null>(null);
  // What the portfolios filled in: while the fields still hold it, the dialog says where it came from.
  const [applied, setApplied] = useState<{ investedCapital: string; tokensOwned: string } | null>(null);
  const fromPortfolios =
    offer !== null &&
    applied !== null &&
    applied.investedCapital === form.investedCapital &&
    applied.tokensOwned === form.tokensOwned;

  const edit = (field: keyof typeof fieldOf, value: string) => {
    // Typed before the amounts arrived: what was typed stays.
    if (field === 'investedCapital' || field === 'tokensOwned') setFillFor(null);
    setForm({ [field]: value });
    setErrors((e) => clearFieldError(e, fieldOf[field]));
  };

  const pickCoin = (coin: PickerCoin) => {
    const next = prefillFromCoin(dialogForm, coin);
    rememberCoin(coin);
    setForm({
      coinId: next.coinId,
      coinName: next.coinName,
      coinSymbol: next.coinSymbol,
      coinImage: next.coinImage,
      name: next.name,
      sellTax: next.sellTax,
    });
    setErrors((e) => clearFieldError(clearFieldError(clearFieldError(e, 'coinId'), 'name'), 'sellTax'));
    if (mode === 'create') setFillFor(coin.id);
  };

  const applyHoldings = () => {
    if (offer === null) return;
    // Money with the currency decimals (at least cents), coins to 8 decimals, never float noise.
    const amounts = {
      investedCapital: decimalForInput(
        offer.invested_capital,
        Math.max(2, currencyDecimals(Number(offer.invested_capital ?? 0))),
      ),
      tokensOwned: decimalForInput(offer.tokens_owned, 8),
    };
    setForm(amounts);
    setApplied(amounts);
    setErrors((e) => clearFieldError(clearFieldError(e, 'investedCapital'), 'tokensOwned'));
  };

  // Picking a coin the portfolios hold fills both fields from them, once; they stay editable.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the picked coin's amounts arrive
  useEffect(() => {
    if (fillFor === null || fillFor !== form.coinId || holdings.data === undefined) return;
    setFillFor(null);
    applyHoldings();
  }, [fillFor, form.coinId, holdings.data]);
  const notHeld =
    mode === 'create' && form.coinId !== '' && holdings.data?.portfolio_data_available === false;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateProjectionForm(dialogForm, mode);
    setErrors(found);
    if (hasFormErrors(found)) return;
    setBusy(true);
    try {
      if (mode === 'create') {
        const created = await submitCreate(dialogForm, currency);
        // A failed create is only logged; the dialog stops loading and stays.
        if (created !== null) onCreated(created.id);
      } else if (form.editingId !== null) {
        // A failed update is only logged; the dialog closes either way.
        await submitUpdate(form.editingId, dialogForm);
        onClose();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog onClose={onClose} title={mode === 'create' ? 'New projection' : 'Edit projection'}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <CoinPicker
          value={
            form.coinId === ''
              ? null
              : { id: form.coinId, name: form.coinName, symbol: form.coinSymbol, image: form.coinImage }
          }
          onSelect={pickCoin}
          error={errors.coinId}
          disabled={mode === 'edit'}
        />
        <TextField
          label="Name"
          value={form.name}
          onChange={(e) => edit('name', e.target.value)}
          errors={errors.name === undefined ? undefined : [errors.name]}
        />
        <PortfolioHoldingsNote
          offer={offer}
          fromPortfolios={fromPortfolios}
          notHeld={notHeld}
          symbol={form.coinSymbol}
          currency={currency}
          onApply={applyHoldings}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Invested capital"
            inputMode="decimal"
            value={form.investedCapital}
            onChange={(e) => edit('investedCapital', e.target.value)}
            errors={errors.investedCapital === undefined ? undefined : [errors.investedCapital]}
          />
          <TextField
            label="Coins owned"
            inputMode="decimal"
            value={form.tokensOwned}
            onChange={(e) => edit('tokensOwned', e.target.value)}
            errors={errors.tokensOwned === undefined ? undefined : [errors.tokensOwned]}
          />
        </div>
        <TextField
          label="Sell tax (%)"
          inputMode="decimal"
          value={form.sellTax}
          onChange={(e) => edit('sellTax', e.target.value)}
          errors={errors.sellTax === undefined ? undefined : [errors.sellTax]}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? 'Saving…' : mode === 'create' ? 'Create projection' : 'Save changes'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
