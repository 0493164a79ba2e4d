import { projectionMessages } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import validation from './fixtures/dialog-validation.json' with { type: 'json' };
import { fixture } from './fixtures/load.ts';
import {
  clearFieldError,
  hasFormErrors,
  type ProjectionDialogForm,
  type ProjectionFormErrors,
  type ProjectionFormMode,
  prefillFromCoin,
  toCreatePayload,
  toUpdatePayload,
  validateProjectionForm,
} from './form.ts';

const spec = fixture<{
  base: ProjectionDialogForm;
  cases: {
    name: string;
    mode: ProjectionFormMode;
    form: Partial<ProjectionDialogForm>;
    errors: ProjectionFormErrors;
  }[];
}>(validation);

describe('projection dialog validation', () => {
  it.each(spec.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(validateProjectionForm({ ...spec.base, ...c.form }, c.mode)).toEqual(c.errors);
  });

  it('messages are the spec words', () => {
    expect(projectionMessages).toMatchObject({
      selectCoin: 'Please select a cryptocurrency',
      enterName: 'Please enter a name',
      enterInvestedCapital: 'Please enter invested capital',
      enterCoinsOwned: 'Please enter coins owned',
      enterSellTax: 'Please enter sell tax',
      invalidNumber: 'Please enter a valid number',
      invalidPercentage: 'Please enter a valid percentage (0-100)',
      missingCreateInput: 'Missing required input data to save projection',
    });
  });

  it("a field's error clears when that field is edited", () => {
    const errors = validateProjectionForm({ ...spec.base, name: '', sellTax: '' }, 'create');
    const after = clearFieldError(errors, 'name');
    expect(after).toEqual({ sellTax: 'Please enter sell tax' });
    expect(hasFormErrors(clearFieldError(after, 'sellTax'))).toBe(false);
  });
});

describe('prefill and payloads', () => {
  const empty: ProjectionDialogForm = {
    coinId: '',
    coinName: '',
    coinSymbol: '',
    coinImage: '',
    name: '',
    investedCapital: '',
    tokensOwned: '',
    sellTax: '',
  };
  const coin = {
    id: 'ethereum',
    name: 'Ethereum',
    symbol: 'eth',
    image: 'https://assets.coingecko.com/eth.png',
  };

  it("picking a coin names it '{SYMBOL} Position' and sets the tax to 0 when empty", () => {
    expect(prefillFromCoin(empty, coin)).toMatchObject({
      coinId: 'ethereum',
      name: 'ETH Position',
      sellTax: '0',
    });
    expect(prefillFromCoin({ ...empty, sellTax: '25' }, coin).sellTax).toBe('25');
  });

  it('create needs coin_id, with the spec message', () => {
    expect(() => toCreatePayload({ ...spec.base, coinId: '' })).toThrow(
      'Missing required input data to save projection',
    );
    expect(toCreatePayload(spec.base)).toEqual({
      name: 'BTC Position',
      coin_id: 'bitcoin',
      coin_name: 'Bitcoin',
      coin_symbol: 'btc',
      coin_image: '',
      invested_capital: '1000',
      tokens_owned: '0.5',
      sell_tax: '20',
    });
  });

  it('edit resends the other fields, and the coin only when the form has one', () => {
    const update = toUpdatePayload({
      ...spec.base,
      coinId: '',
      circulatingSupply: '19,700,000.456',
      description: null,
    });
    expect(update).toEqual({
      name: 'BTC Position',
      invested_capital: '1000',
      tokens_owned: '0.5',
      sell_tax: '20',
      description: null,
      circulating_supply: '19700000.456',
    });
    expect(toUpdatePayload(spec.base)).toMatchObject({ coin_id: 'bitcoin' });
  });
});
