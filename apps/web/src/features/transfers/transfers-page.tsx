import type { TransfersResponse } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageFrame } from '@/components/ui/page-frame';
import { Spinner } from '@/components/ui/spinner';
import { transfersQuery } from './api/transfers-api';
import { AmbiguousList } from './components/ambiguous-list';
import { PairTable } from './components/pair-table';
import { UnmatchedTable } from './components/unmatched-table';

function Section({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  return (
    <section className="mb-8" aria-label={title}>
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="mb-3 mt-1 text-sm text-muted">{hint}</p>
      {children}
    </section>
  );
}

function TransferSections({ data }: { data: TransfersResponse }) {
  return (
    <>
      {data.proposed.length > 0 && (
        <Section
          title="Proposed"
          hint="The deposit arrived within 24 hours, is the withdrawal less at most 1 %, and nothing else fits. Your books already count it as one transfer: confirm it, or undo it if it is not."
        >
          <PairTable caption="Proposed transfers" pairs={data.proposed} confirmable />
        </Section>
      )}
      {data.ambiguous.length > 0 && (
        <Section
          title="Needs your choice"
          hint="More than one movement fits. Nothing is counted as a transfer until you pick the right one."
        >
          <AmbiguousList items={data.ambiguous} />
        </Section>
      )}
      {data.matched.length > 0 && (
        <Section
          title="Matched"
          hint="The same transaction on both sides, or paired by you. Undo a pair that is not one transfer."
        >
          <PairTable caption="Matched transfers" pairs={data.matched} confirmable={false} />
        </Section>
      )}
      {data.unmatched.length > 0 && (
        <Section
          title="Not matched"
          hint="A deposit here keeps an unknown cost, and a withdrawal left your books, until you match it by hand."
        >
          <UnmatchedTable movements={data.unmatched} />
        </Section>
      )}
    </>
  );
}

/**
 * /transfers: withdrawals and deposits across every portfolio and source, as the books read them.
 * Matched and proposed pairs move lots, acquisition dates and cost, and what the network kept is
 * a disposal; ambiguous and unmatched movements do not, until the owner decides.
 */
export function TransfersPage() {
  const list = useQuery(transfersQuery());
  const data = list.data;
  const empty =
    data !== undefined &&
    data.matched.length + data.proposed.length + data.ambiguous.length + data.unmatched.length === 0;
  return (
    <PageFrame
      title="Transfers"
      description="Coins you moved between your own portfolios: a withdrawal and its deposit are one transfer, so lots, dates and cost move with the coins and only the network fee is a disposal."
      settled={!list.isPending}
    >
      {list.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading transfers" />
        </div>
      ) : list.isError ? (
        <EmptyState title="The transfers could not be loaded">
          <Button variant="unstyled" className="text-accent underline" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </EmptyState>
      ) : empty ? (
        <EmptyState title="No transfers yet">
          Withdrawals (transfers out) and deposits (transfers in) from every portfolio, wallet, exchange and
          CSV import show here, paired into own transfers where they fit.
        </EmptyState>
      ) : (
        data && <TransferSections data={data} />
      )}
    </PageFrame>
  );
}
