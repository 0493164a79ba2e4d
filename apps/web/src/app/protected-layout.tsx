import { AppLayout } from './layout/app-layout';
import { RequireAuth } from './require-auth';

export function ProtectedLayout() {
  return (
    <RequireAuth>
      <AppLayout />
    </RequireAuth>
  );
}
