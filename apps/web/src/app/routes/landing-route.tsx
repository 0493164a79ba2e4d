import { useBFFAuth } from '@/features/auth';
import { LandingPage } from '@/features/landing/landing-page';

export function LandingRoute() {
  const { isAuthenticated } = useBFFAuth();
  return <LandingPage signedIn={isAuthenticated} />;
}
