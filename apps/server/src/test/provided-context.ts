/** What global setup hands to every test file (see global-setup.ts). */
export type TestDatabaseInfo =
  | { kind: 'pglite'; dumpPath: string }
  | { kind: 'postgres'; adminUrl: string; templateName: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseInfo;
  }
}
