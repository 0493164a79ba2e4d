import { returnDefinitions } from '@app/contracts';

/** What each kind of return means, in a sentence each, under the table. */
export function ReturnDefinitions() {
  return (
    <dl className="mt-3 space-y-1 text-xs text-muted">
      <div>
        <dt className="inline font-medium text-fg">Simple. </dt>
        <dd className="inline">{returnDefinitions.simple}</dd>
      </div>
      <div>
        <dt className="inline font-medium text-fg">TWR. </dt>
        <dd className="inline">{returnDefinitions.twr}</dd>
      </div>
      <div>
        <dt className="inline font-medium text-fg">MWR. </dt>
        <dd className="inline">
          {returnDefinitions.mwr} Shown for the period; the yearly rate is in the explanation.
        </dd>
      </div>
    </dl>
  );
}
