import type { Connection, ConnectionKind } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { connectionPortfoliosQuery } from '../api/connections-api';
import { ConnectForm } from './connect-form';

/**
 * Titled by what is being connected: an exchange account is no wallet, and its history comes in
 * as trades, deposits and withdrawals rather than payments to addresses.
 */
const headings = {
  wallet: {
    title: 'Connect a wallet',
    description:
      'Its transactions come into the portfolio by themselves, and keep coming as the wallet is used.',
  },
  exchange: {
    title: 'Connect an exchange account',
    description:
      'Its trades, deposits and withdrawals come into the portfolio by themselves, and keep coming as the account is used.',
  },
} as const;

/**
 * "Connect a wallet" (or an exchange account): from Settings → Connections, or from a portfolio's
 * page with it chosen.
 */
export function ConnectDialog({
  portfolioId,
  onClose,
  onCreated,
}: {
  portfolioId: string | undefined;
  onClose: () => void;
  onCreated?: (connection: Connection) => void;
}) {
  const portfolios = useQuery(connectionPortfoliosQuery());
  const [kind, setKind] = useState<ConnectionKind>('bitcoin');
  const heading = headings[kind === 'exchange' ? 'exchange' : 'wallet'];
  return (
    <Dialog
      title={heading.title}
      description={heading.description}
      onClose={onClose}
      closeButton
      width="max-w-xl"
    >
      {portfolios.isPending ? (
        <Spinner label="Loading portfolios" />
      ) : portfolios.isError ? (
        <p className="text-sm text-danger">The portfolios could not be loaded.</p>
      ) : (
        <ConnectForm
          portfolios={portfolios.data.results}
          portfolioId={portfolioId}
          label={heading.title}
          onKindChange={setKind}
          onCancel={onClose}
          onCreated={(connection) => {
            toast.success(`Connected “${connection.label}”`, {
              description: 'Its first sync starts shortly.',
            });
            onClose();
            onCreated?.(connection);
          }}
        />
      )}
    </Dialog>
  );
}
