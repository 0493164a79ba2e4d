import { type AccessTokenUse, accessTokenUseDays } from '@app/contracts';
import { dateFormat, formatDate } from '@app/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Table, Td, Th } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { accessTokenUsesQuery } from '../api/access-tokens-api';

const failed = (status: number) => status >= 400;
const timeOfDay = (at: string) =>
  dateFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(new Date(at));

/** A route on a phone wraps at its slashes (`/api/v2/` `portfolios/`), not inside a word. */
function BreakAfterSlashes({ text }: { text: string }) {
  const parts = text.split('/');
  return parts.map((part, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, in their order
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 && (
        <>
          /<wbr />
        </>
      )}
    </Fragment>
  ));
}

function UseRow({ use }: { use: AccessTokenUse }) {
  return (
    <tr className="border-t border-line align-top">
      <Td density="normal">
        {/* Day and time as two unbreakable halves: on a phone the time goes under the day, whole. */}
        <time dateTime={use.at}>
          <span className="whitespace-nowrap">{formatDate(use.at)}</span>{' '}
          <span className="whitespace-nowrap">{timeOfDay(use.at)}</span>
        </time>
      </Td>
      <Td density="normal">
        {use.kind === 'tool' && <span className="text-muted">Tool </span>}
        <code className="font-mono text-xs break-words">
          <BreakAfterSlashes text={use.target} />
        </code>
      </Td>
      <Td density="normal" numeric className={cn(failed(use.status) && 'text-danger')}>
        {use.status}
      </Td>
    </tr>
  );
}

/** A token's uses (the server keeps them for 90 days), newest first; asked for when opened. */
export function TokenActivity({ id, name }: { id: string; name: string }) {
  const uses = useQuery(accessTokenUsesQuery(id));
  if (uses.isPending) return <Spinner label="Loading its activity" className="py-2" />;
  if (uses.isError)
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm text-danger">
        Its activity could not be loaded.
        <Button variant="ghost" onClick={() => void uses.refetch()}>
          Try again
        </Button>
      </p>
    );
  if (uses.data.uses.length === 0)
    return <p className="text-sm text-muted">Not used in the last {accessTokenUseDays} days.</p>;
  return (
    <Table
      caption={`Activity of ${name}, newest first`}
      className="rounded-lg border border-line"
      size="xs"
      head={
        <>
          <Th density="normal">Time</Th>
          <Th density="normal">Route or tool</Th>
          <Th density="normal" numeric>
            Status
          </Th>
        </>
      }
    >
      {uses.data.uses.map((use, i) => (
        // Two uses may share their moment, target and status; their place in the list tells them apart.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is read-only and only ever replaced whole
        <UseRow key={i} use={use} />
      ))}
    </Table>
  );
}
