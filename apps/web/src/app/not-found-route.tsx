import { LoadingScreen } from '@/components/ui/loading-screen';
import { useBFFAuth } from '@/features/auth';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './not-found-page';

/** Unknown paths get the 404 page either way; signed-in users keep their navigation. */
export function NotFoundRoute() {
  const { status } = useBFFAuth();
  if (status === 'loading') return <LoadingScreen />;
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
