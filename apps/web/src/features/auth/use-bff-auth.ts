import { authMessages } from '@app/contracts';
import { useContext } from 'react';
import { BFFAuthContext } from './auth-context';
import type { BFFAuthContextValue } from './auth-types';

export function useBFFAuth(): BFFAuthContextValue {
  const value = useContext(BFFAuthContext);
  if (value === null) throw new Error(authMessages.hookOutsideProvider);
  return value;
}
