import type { AccessTokenCreated } from '@app/contracts';
import { type ReactNode, Suspense, useState } from 'react';
import { PageFrame } from '@/components/ui/page-frame';
import { CreateTokenForm } from './components/create-token-form';
import { createdTokenNotice } from './components/lazy-parts';
import { SettingsCrumb } from './components/settings-crumb';
import { TokenList } from './components/token-list';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="min-w-0 rounded-xl border border-line bg-surface p-4 sm:p-6">
      <h2 className="mb-4 text-base font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** /settings/api-access: personal access tokens, made here, listed with their use, and revoked. */
export function ApiAccessPage() {
  // The whole new token lives here only, until dismissed or the page is left.
  const [created, setCreated] = useState<AccessTokenCreated | null>(null);
  return (
    <PageFrame title="API access">
      <SettingsCrumb />
      <div className="flex max-w-3xl flex-col gap-6">
        <p className="text-sm text-muted">
          A personal access token lets your own scripts, and AI assistants through the MCP server at{' '}
          <code className="font-mono text-xs text-fg break-words">{`${window.location.origin}/mcp`}</code>,
          use your account: it acts as you, within the scopes you give it. A token is shown once, when you
          create it, so copy it then and keep it as you would a password.
        </p>
        {created && (
          // Loaded already: the create request's schema came in the same chunk.
          <Suspense fallback={null}>
            <createdTokenNotice.Component
              key={created.id}
              created={created}
              onDismiss={() => setCreated(null)}
            />
          </Suspense>
        )}
        <Section title="Create a token">
          <CreateTokenForm onCreated={setCreated} />
        </Section>
        <Section title="Your tokens">
          <TokenList />
        </Section>
      </div>
    </PageFrame>
  );
}
