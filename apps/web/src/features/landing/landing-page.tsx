import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { landingFeatures } from './landing-features';

interface LandingPageProps {
  /** Signed-in visitors get a way into the app instead of sign-in buttons; nobody is forced away. */
  signedIn: boolean;
}

function SignInActions({ signedIn }: LandingPageProps) {
  if (signedIn) {
    return (
      <Link to="/" className={buttonStyles.primary}>
        Open the app
      </Link>
    );
  }
  return (
    <>
      {/* Links, not buttons: the pre-rendered page works without JavaScript. */}
      <Link to="/login" className={buttonStyles.secondary}>
        Sign in
      </Link>
      <Link to="/register" className={buttonStyles.primary}>
        Create account
      </Link>
    </>
  );
}

export function LandingPage({ signedIn }: LandingPageProps) {
  return (
    <div data-theme="dark" className="min-h-dvh bg-[#070a10] text-fg">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-5 py-5">
        <span className="flex items-center gap-2 text-lg font-bold tracking-tight">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          Exit Liquidity
        </span>
      </header>

      <main>
        <section className="relative overflow-hidden">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-x-0 -top-40 mx-auto h-96 max-w-3xl rounded-full bg-accent/15 blur-3xl"
          />
          <div className="relative mx-auto max-w-4xl px-5 pt-16 pb-20 text-center md:pt-24">
            <p className="text-sm font-semibold uppercase tracking-widest text-accent">
              Self-hosted crypto portfolio tracking
            </p>
            <h1 className="mt-4 text-4xl font-bold tracking-tight text-balance md:text-6xl">
              Know what you hold. Plan how you exit.
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg text-muted text-pretty">
              A market terminal, portfolios with exact profit and loss, a metrics dashboard and exit-strategy
              projections with sell ladders, fees, price impact and tax — running on your own server, so your
              data stays yours.
            </p>
            <div className="mt-10 flex flex-wrap justify-center gap-3">
              <SignInActions signedIn={signedIn} />
            </div>
          </div>
        </section>

        <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-5 pb-20">
          <h2 id="features-heading" className="sr-only">
            Features
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {landingFeatures.map((f) => (
              <li key={f.title} className="rounded-2xl border border-line bg-surface/70 p-6">
                <h3 className="text-base font-semibold">{f.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted">{f.body}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="own-heading" className="border-t border-line">
          <div className="mx-auto grid max-w-6xl gap-8 px-5 py-16 md:grid-cols-2">
            <div>
              <h2 id="own-heading" className="text-2xl font-bold tracking-tight">
                Your server, your data
              </h2>
              <p className="mt-3 text-muted">
                One command starts it with an embedded database and bundled market data that works offline.
                Point it at PostgreSQL and run several processes when you outgrow a single machine.
              </p>
            </div>
            <ul className="space-y-3 text-sm text-muted">
              <li>No tracking, no third-party accounts: sign-in is handled by your own server.</li>
              <li>Market data comes from CoinGecko, with a bundled snapshot when it is unreachable.</li>
              <li>All features are included in the self-hosted build.</li>
            </ul>
          </div>
        </section>
      </main>

      <footer className="border-t border-line py-8 text-center text-xs text-muted">
        Exit Liquidity — not financial advice.
      </footer>
    </div>
  );
}
