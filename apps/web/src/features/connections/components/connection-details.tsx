import type { Connection } from '@app/contracts';
import { ReconciliationSection } from './reconciliation-section';
import { TokensSection } from './tokens-section';
import { WaitingSection } from './waiting-section';

/** Below a connection's state: what waits for its owner, the reconciliation, and (EVM) its unknown tokens. */
export function ConnectionDetails({
  connection,
  currency,
  portfolioNames,
}: {
  connection: Connection;
  currency: string;
  portfolioNames: ReadonlyMap<string, string>;
}) {
  return (
    <>
      <WaitingSection connection={connection} currency={currency} portfolioNames={portfolioNames} />
      <ReconciliationSection connectionId={connection.id} />
      {connection.kind === 'evm' && <TokensSection connectionId={connection.id} />}
    </>
  );
}
