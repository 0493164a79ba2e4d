import { AccountDataSection } from './components/account-data-section';
import { DeleteAccountSection } from './components/delete-account-section';
import type { SettingsUser } from './settings-types';

export interface AccountDataPartsProps {
  user: SettingsUser;
  onAccountDeleted: () => Promise<void>;
}

/**
 * The profile page's account-wide parts (the data file both ways, and deletion), as one chunk
 * loaded after the page paints: the page's own first load stays within its route budget.
 */
export function AccountDataParts({ user, onAccountDeleted }: AccountDataPartsProps) {
  return (
    <>
      <AccountDataSection />
      <DeleteAccountSection user={user} onDeleted={onAccountDeleted} />
    </>
  );
}
