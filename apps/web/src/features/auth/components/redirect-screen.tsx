import { useEffect } from 'react';
import { browserLocation } from '@/lib/browser-location';
import { useOnline } from '@/lib/offline/use-online';

interface RedirectScreenProps {
  label: string;
  href: string;
}

/**
 * Shown for the moment between the SPA and the server's sign-in page, and the one place that goes
 * there. The label is the page heading inside a status region; the link covers a blocked
 * navigation. Offline the server's page cannot load: the screen says so instead of
 * leaving the browser's error page, and goes on by itself when the connection returns.
 */
export function RedirectScreen({ label, href }: RedirectScreenProps) {
  const online = useOnline();
  useEffect(() => {
    if (online) browserLocation.assign(href);
  }, [online, href]);

  if (!online) {
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center gap-3 bg-bg px-4 text-center">
        <div role="status" aria-live="polite" className="grid gap-2">
          <h1 className="text-lg font-semibold">You are offline</h1>
          <p className="max-w-sm text-sm text-muted">
            Signing in needs a connection to the server. This page goes on to sign in by itself as soon as the
            connection returns.
          </p>
        </div>
        <a href={href} className="text-sm text-muted underline underline-offset-4 hover:text-fg">
          Try again
        </a>
      </main>
    );
  }
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-bg px-4">
      <div role="status" aria-live="polite" className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="size-5 animate-spin rounded-full border-2 border-line border-t-accent motion-reduce:animate-none"
        />
        <h1 className="text-lg font-semibold">{label}</h1>
      </div>
      <a href={href} className="text-sm text-muted underline underline-offset-4 hover:text-fg">
        Continue
      </a>
    </main>
  );
}
