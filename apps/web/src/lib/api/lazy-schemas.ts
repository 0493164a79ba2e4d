/** Loads the shell's schemas (see shell-schemas.ts); the chunk is fetched once and shared. */
export const shellSchemas = () => import('./shell-schemas');

/**
 * Schemas of a feature, loaded with its first request: `const schema = schemaLoader(() =>
 * import('./x-schemas'))`, then `apiRequest(path, { schema: schema('xSchema') })`. The request
 * starts at once and the chunk arrives beside it (apiRequest starts the load before sending).
 */
export const schemaLoader =
  <M>(load: () => Promise<M>) =>
  <K extends keyof M>(name: K) =>
  (): Promise<M[K]> =>
    load().then((schemas) => schemas[name]);

/** A schema of the shell, loaded when a request first needs it: `schema: shellSchema('userSchema')`. */
export const shellSchema = schemaLoader(shellSchemas);
