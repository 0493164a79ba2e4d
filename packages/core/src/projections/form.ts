import {
  type CoinPickerItem,
  type ProjectionCreateInput,
  type ProjectionUpdateInput,
  projectionMessages,
} from '@app/contracts';
import { Dec } from '../decimal.ts';
import { decString, parseDecimal } from './numbers.ts';

/** The projection dialog's fields, as typed. */
export interface ProjectionDialogForm {
  coinId: string;
  coinName: string;
  coinSymbol: string;
  coinImage: string;
  name: string;
  investedCapital: string;
  tokensOwned: string;
  sellTax: string;
  description?: string | null;
  circulatingSupply?: string | null;
}

export type ProjectionFormMode = 'create' | 'edit';
export type ProjectionFormField = 'coinId' | 'name' | 'investedCapital' | 'tokensOwned' | 'sellTax';
export type ProjectionFormErrors = Partial<Record<ProjectionFormField, string>>;

const blank = (value: string | null | undefined) =>
  value === null || value === undefined || value.trim() === '';

/**
 * A non-negative number after the spec's comma removal. Negative capital or coins get
 * the spec's 'Please enter a valid number': the server refuses them, and showing the
 * dialog's own message is kinder than a server error.
 */
function numberError(value: string): string | undefined {
  const d = parseDecimal(value);
  return d === null || d.lt(0) ? projectionMessages.invalidNumber : undefined;
}

/** The projection dialog's checks; one message per field, in the table's order of checks. */
export function validateProjectionForm(
  form: ProjectionDialogForm,
  mode: ProjectionFormMode,
): ProjectionFormErrors {
  const errors: ProjectionFormErrors = {};
  if (mode === 'create' && blank(form.coinId)) errors.coinId = projectionMessages.selectCoin;
  if (blank(form.name)) errors.name = projectionMessages.enterName;

  if (blank(form.investedCapital)) errors.investedCapital = projectionMessages.enterInvestedCapital;
  else {
    const e = numberError(form.investedCapital);
    if (e !== undefined) errors.investedCapital = e;
  }

  if (blank(form.tokensOwned)) errors.tokensOwned = projectionMessages.enterCoinsOwned;
  else {
    const e = numberError(form.tokensOwned);
    if (e !== undefined) errors.tokensOwned = e;
  }

  if (blank(form.sellTax)) errors.sellTax = projectionMessages.enterSellTax;
  else {
    const tax = parseDecimal(form.sellTax);
    if (tax === null || tax.lt(0) || tax.gt(100)) errors.sellTax = projectionMessages.invalidPercentage;
  }
  return errors;
}

export function hasFormErrors(errors: ProjectionFormErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** A field's error clears when that field is edited. */
export function clearFieldError(
  errors: ProjectionFormErrors,
  field: ProjectionFormField,
): ProjectionFormErrors {
  if (!(field in errors)) return errors;
  const { [field]: _cleared, ...rest } = errors;
  return rest;
}

/**
 * Picking a coin prefills the name as '{symbol} Position' and the sell tax as
 * 0 when it is empty. The symbol is upper-cased ('BTC Position'): market APIs send
 * lower-case symbols and tickers are written in capitals everywhere else in the UI.
 * The name is always replaced, as the spec says "prefills" without a condition.
 */
export function prefillFromCoin(
  form: ProjectionDialogForm,
  coin: Pick<CoinPickerItem, 'id' | 'name' | 'symbol' | 'image'>,
): ProjectionDialogForm {
  return {
    ...form,
    coinId: coin.id,
    coinName: coin.name,
    coinSymbol: coin.symbol,
    coinImage: coin.image,
    name: `${coin.symbol.toUpperCase()} Position`,
    sellTax: blank(form.sellTax) ? '0' : form.sellTax,
  };
}

/** Typed text → wire decimal (commas removed). Call only after validation passed. */
function wire(value: string): string {
  return decString(parseDecimal(value) ?? new Dec(0));
}

/** The create payload. Creation needs coin_id, with its own message. */
export function toCreatePayload(form: ProjectionDialogForm): ProjectionCreateInput {
  if (blank(form.coinId)) throw new Error(projectionMessages.missingCreateInput);
  return {
    name: form.name.trim(),
    coin_id: form.coinId,
    coin_name: form.coinName,
    coin_symbol: form.coinSymbol,
    coin_image: form.coinImage,
    invested_capital: wire(form.investedCapital),
    tokens_owned: wire(form.tokensOwned),
    sell_tax: wire(form.sellTax),
  };
}

/** Editing keeps the coin and resends the other fields (the update payload). */
export function toUpdatePayload(form: ProjectionDialogForm): ProjectionUpdateInput {
  const payload: ProjectionUpdateInput = {
    name: form.name.trim(),
    invested_capital: wire(form.investedCapital),
    tokens_owned: wire(form.tokensOwned),
    sell_tax: wire(form.sellTax),
  };
  if (!blank(form.coinId)) {
    payload.coin_id = form.coinId;
    payload.coin_name = form.coinName;
    payload.coin_symbol = form.coinSymbol;
    payload.coin_image = form.coinImage;
  }
  if (form.description !== undefined) payload.description = form.description;
  if (form.circulatingSupply !== undefined) {
    payload.circulating_supply = blank(form.circulatingSupply) ? null : wire(form.circulatingSupply ?? '');
  }
  return payload;
}
