import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));

export interface ProviderAccount {
  email?: string;
  email_verified?: boolean;
  preferred_username?: string;
}

/**
 * A real OpenID Connect provider (oidc-provider, with its development login and consent
 * screens) in its own process on 127.0.0.1:`port`, registered for the app at `appUrl`.
 */
export async function startOidcProvider(
  appUrl: string,
  port: number,
  accounts: Record<string, ProviderAccount>,
): Promise<{ issuer: string; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/test/oidc-provider-process.ts', appUrl, String(port)],
    {
      cwd: repoRoot,
      env: { ...process.env, OIDC_TEST_ACCOUNTS: JSON.stringify(accounts) },
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  const issuer = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error('the OIDC provider did not start')), 20_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /ISSUER (\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', () => reject(new Error('the OIDC provider exited')));
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { issuer, stop };
}
