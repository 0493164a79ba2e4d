/** Loads the shell's schemas (see shell-schemas.ts); the chunk is fetched once and shared. */
export const shellSchemas = () => import('./shell-schemas');

/** A feature's schemas by name, each as the lazy `schema` option of `apiRequest`. */
export interface SchemaLoader<M> {
  <K extends keyof M>(name: K): () => Promise<M[K]>;
  /**
   * Starts loading the chunk before the first request needs it: for a page's `firstParts`
   * (app/routes), so the schemas are not a round trip (and their imports another) after the page
   * mounts, on the way to its first content.
   */
  preload: () => void;
}

/**
 * Schemas of a feature, loaded with its first request: `const schema = schemaLoader(() =>
 * import('./x-schemas'))`, then `apiRequest(path, { schema: schema('xSchema') })`. The request
 * starts at once and the chunk arrives beside it (apiRequest starts the load before sending).
 */
export const schemaLoader = <M>(load: () => Promise<M>): SchemaLoader<M> =>
  Object.assign(
    <K extends keyof M>(name: K) =>
      (): Promise<M[K]> =>
        load().then((schemas) => schemas[name]),
    {
      preload: () => {
        // A failed load is tried again, and reported, by the request that needs the schemas.
        load().catch(() => undefined);
      },
    },
  );

/** A schema of the shell, loaded when a request first needs it: `schema: shellSchema('userSchema')`. */
export const shellSchema = schemaLoader(shellSchemas);
