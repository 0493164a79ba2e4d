import { startTestProvider, type TestAccount } from './oidc-test-provider.ts';

/**
 * The test provider as its own process, for the browser journeys (the web app's e2e may not
 * import server code). Usage: node --import tsx oidc-provider-process.ts <app base URL> [port],
 * with OIDC_TEST_ACCOUNTS='{"sub": {claims}}'. Prints `ISSUER <url>` once listening; SIGTERM
 * stops it. A given port lets the app server start with OIDC_ISSUER at the same time.
 */
const appUrl = process.argv[2] ?? 'http://127.0.0.1:3000';
const port = process.argv[3] === undefined ? undefined : Number(process.argv[3]);
const provider = await startTestProvider({
  redirectUri: `${appUrl}/api/auth/callback`,
  postLogoutRedirectUri: `${appUrl}/landing`,
  ...(port === undefined ? {} : { port }),
});
const accounts = JSON.parse(process.env.OIDC_TEST_ACCOUNTS ?? '{}') as Record<string, TestAccount>;
for (const [sub, claims] of Object.entries(accounts)) provider.accounts.set(sub, claims);
process.stdout.write(`ISSUER ${provider.issuer}\n`);
process.on('SIGTERM', () => {
  void provider.stop().then(() => process.exit(0));
});
