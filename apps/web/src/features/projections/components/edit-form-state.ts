import type { Projection } from '@app/contracts';
import type { ProjectionDialogForm } from '@app/core';
import { type DialogFormState, emptyFormState } from '../store/projections-selection-store';

/** The dialog's form filled with a saved projection, to edit it. */
export const editFormStateOf = (p: Projection): DialogFormState => ({
  ...emptyFormState,
  isFormVisible: true,
  mode: 'edit',
  editingId: p.id,
  coinId: p.coin_id,
  coinName: p.coin_name,
  coinSymbol: p.coin_symbol,
  coinImage: p.coin_image,
  name: p.name,
  investedCapital: p.invested_capital,
  tokensOwned: p.tokens_owned,
  circulatingSupply: p.circulating_supply ?? '',
  sellTax: p.sell_tax,
});

/** The fields the dialog validates and saves, out of the form state it keeps. */
export const dialogFormOf = (form: DialogFormState): ProjectionDialogForm => ({
  coinId: form.coinId,
  coinName: form.coinName,
  coinSymbol: form.coinSymbol,
  coinImage: form.coinImage,
  name: form.name,
  investedCapital: form.investedCapital,
  tokensOwned: form.tokensOwned,
  sellTax: form.sellTax,
});
