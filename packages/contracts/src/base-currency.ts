import { z } from 'zod';
import { baseCurrencies } from './market-constants.ts';

/**
 * A module of its own so that the app shell's settings schema does not pull in the market
 * schemas (some forty, built when their module loads) on every page's first load (issue 15).
 */
export const baseCurrencySchema = z.enum(baseCurrencies);
