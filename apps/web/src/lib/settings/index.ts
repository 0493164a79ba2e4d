export { BaseCurrencySelect } from './base-currency-select';
export { currencyLabel } from './currency-label';
export { getUserSettings, patchUserSettings, settingsKeys, userSettingsQuery } from './settings-api';
export {
  costBasisQueryRoots,
  formatMoney,
  type MoneyFormatter,
  useBaseCurrency,
  useFavorites,
  useMoneyFormatter,
  useMoneyIn,
  useUpdateSettings,
  useUserSettings,
} from './use-user-settings';
