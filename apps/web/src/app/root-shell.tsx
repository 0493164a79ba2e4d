import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { ThemeColorSync } from './theme-color-sync';

export function RootShell() {
  return (
    <>
      <ThemeColorSync />
      {/* The first visit to a page waits for its chunk here (signed-in pages wait inside the layout). */}
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </>
  );
}
