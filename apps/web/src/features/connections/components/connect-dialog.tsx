import type { Connection } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { connectionPortfoliosQuery } from '../api/connections-api';
import { ConnectForm } from './connect-form';

/** "Connect a wallet": from Settings → Connections, or from a portfolio's page with it chosen. */
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
  return (
    <Dialog
      title="Connect a wallet"
      description="Its transactions come into the portfolio by themselves, and keep coming as the wallet is used."
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
