import { authMessages } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PageFrame } from '@/components/ui/page-frame';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api/api-error';
import { instanceOverviewQuery } from './api/instance-api';
import { AccountsSection } from './components/accounts-section';
import { InvitationsSection } from './components/invitations-section';
import { ServerHealthSection } from './components/server-health-section';
import { SignupModeSection } from './components/signup-mode-section';

/** /settings/instance: running this server, for the accounts that administer it. */
export function InstancePage({ selfId }: { selfId: string }) {
  const overview = useQuery(instanceOverviewQuery());
  return (
    <PageFrame title="Instance">
      <nav aria-label="Breadcrumb" className="-mt-4 mb-4 text-sm">
        <Link to="/settings" className="text-muted hover:text-fg">
          ← Settings
        </Link>
      </nav>
      {overview.isPending && <Spinner label="Loading the instance" />}
      {overview.isError && (
        <p role="alert" className="text-sm text-danger">
          {isApiError(overview.error) && overview.error.status === 403
            ? authMessages.forbidden
            : 'The instance could not be loaded. Try again in a moment.'}
        </p>
      )}
      {overview.data && (
        <div className="flex max-w-4xl flex-col gap-6">
          <SignupModeSection current={overview.data.signup_mode} />
          <InvitationsSection />
          <AccountsSection selfId={selfId} />
          <ServerHealthSection overview={overview.data} />
        </div>
      )}
    </PageFrame>
  );
}
