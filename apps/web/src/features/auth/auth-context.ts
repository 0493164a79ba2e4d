import { createContext } from 'react';
import type { BFFAuthContextValue } from './auth-types';

export const BFFAuthContext = createContext<BFFAuthContextValue | null>(null);
