import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  children: ReactNode;
}

export function AuthCard({ title, children }: AuthCardProps) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-bg px-4 py-10">
      <section className="w-full max-w-md rounded-2xl border border-line bg-surface p-8 shadow-xl">
        <h1 className="text-xl font-semibold">{title}</h1>
        <div className="mt-3 space-y-4 text-sm text-muted">{children}</div>
      </section>
    </main>
  );
}
