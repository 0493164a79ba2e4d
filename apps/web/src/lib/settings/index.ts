export { BaseCurrencySelect } from './base-currency-select';
export { getUserSettings, patchUserSettings, settingsKeys, userSettingsQuery } from './settings-api';
export {
  formatMoney,
  type MoneyFormatter,
  useBaseCurrency,
  useFavorites,
  useMoneyFormatter,
  useUpdateSettings,
  useUserSettings,
} from './use-user-settings';
