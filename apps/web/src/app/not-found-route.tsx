import { useBFFAuth } from '@/features/auth';
import { AppLayout } from './layout/app-layout';
import { ShellLoadingScreen } from './layout/shell-loading-screen';
import { NotFoundPage } from './not-found-page';

/** Unknown paths get the 404 page either way; signed-in users keep their navigation. */
export function NotFoundRoute() {
  const { status } = useBFFAuth();
  if (status === 'loading') return <ShellLoadingScreen />;
  if (status === 'authenticated') {
    return (
      <AppLayout>
        <NotFoundPage />
      </AppLayout>
    );
  }
  return (
    <main className="min-h-dvh bg-bg">
      <NotFoundPage />
    </main>
  );
}
