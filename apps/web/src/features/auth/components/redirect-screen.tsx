interface RedirectScreenProps {
  label: string;
  href: string;
}

/**
 * Shown for the moment between the SPA and the server's sign-in page. The label is the
 * page heading inside a status region; the link covers a blocked navigation.
 */
export function RedirectScreen({ label, href }: RedirectScreenProps) {
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
