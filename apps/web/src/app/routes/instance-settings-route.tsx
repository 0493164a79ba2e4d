import { Spinner } from '@/components/ui/spinner';
import { useBFFAuth } from '@/features/auth';
import { InstancePage } from '@/features/instance/instance-page';

export function InstanceSettingsRoute() {
  const { user } = useBFFAuth();
  if (user === null) return <Spinner label="Loading…" className="p-6" />;
  return <InstancePage selfId={user.id} />;
}
