import { Outlet } from 'react-router';
import { ThemeColorSync } from './theme-color-sync';

export function RootShell() {
  return (
    <>
      <ThemeColorSync />
      <Outlet />
    </>
  );
}
