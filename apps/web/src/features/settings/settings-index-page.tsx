import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { PageFrame } from '@/components/ui/page-frame';
import { CostBasisMethodSection } from './components/cost-basis-method-section';
import { TaxRuleSection } from './components/tax-rule-section';

// Below the fold and changed once in years: its form loads after the page's first paint.
const TaxHistorySection = lazy(() =>
  import('./components/tax-history-section').then((m) => ({ default: m.TaxHistorySection })),
);

const sections = [
  { to: '/settings/profile', title: 'Profile', body: 'Username, picture, email verification and password.' },
  { to: '/settings/notifications', title: 'Notifications', body: 'How alerts reach you.' },
  {
    to: '/settings/connections',
    title: 'Connections',
    body: 'Wallets whose history comes into a portfolio by itself.',
  },
  {
    to: '/settings/api-access',
    title: 'API access',
    body: 'Tokens for your own scripts and AI assistants.',
  },
  { to: '/settings/appearance', title: 'Appearance', body: 'Dark or light mode, and privacy mode.' },
  { to: '/settings/subscription', title: 'Subscription', body: 'Your plan.' },
] as const;

/** Shown only to an account that runs this server: everyone else sees no sign of it. */
const instanceSection = {
  to: '/settings/instance',
  title: 'Instance',
  body: 'Sign-ups, invitations and the accounts on this server.',
} as const;

export function SettingsIndexPage({ canAdminister = false }: { canAdminister?: boolean }) {
  const shown = canAdminister ? [...sections, instanceSection] : sections;
  return (
    <PageFrame title="Settings">
      <ul className="grid gap-3 sm:grid-cols-2">
        {shown.map((s) => (
          <li key={s.to}>
            <Link
              to={s.to}
              className="block rounded-xl border border-line bg-surface p-5 transition hover:border-accent focus-visible:outline-2 focus-visible:outline-accent"
            >
              <span className="font-semibold">{s.title}</span>
              <span className="mt-1 block text-sm text-muted">{s.body}</span>
            </Link>
          </li>
        ))}
      </ul>
      <CostBasisMethodSection />
      <TaxRuleSection />
      <Suspense fallback={null}>
        <TaxHistorySection />
      </Suspense>
    </PageFrame>
  );
}
