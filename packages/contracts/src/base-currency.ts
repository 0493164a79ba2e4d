import { z } from 'zod';
import { baseCurrencies } from './market-constants.ts';

/** Its own module: user settings parse it at start, without the market's other schemas. */
export const baseCurrencySchema = z.enum(baseCurrencies);
