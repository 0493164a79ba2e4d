/**
 * A schema built the first time anything touches it instead of when its module loads. The browser
 * build wraps the contracts' schemas in it (build-plugins/pure-contracts.ts): a page's first load
 * built every schema its chunks import, most of them for forms and answers it had not met yet, in
 * one long task (zod 4 constructs each schema eagerly; issue 15, Lighthouse's TBT).
 *
 * The stand-in forwards every operation to the built schema, with the schema itself as the
 * receiver, so zod's bound methods and internals behave as on the real object; a schema that
 * holds it (a field, an array's element, an extension) builds it when that schema first needs it.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const real = (): T => {
    built ??= build();
    return built;
  };
  return new Proxy({} as T, {
    get: (_, key) => {
      const target = real();
      return Reflect.get(target, key, target);
    },
    set: (_, key, value) => {
      const target = real();
      return Reflect.set(target, key, value, target);
    },
    has: (_, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      // A proxy may not report a non-configurable property its own (empty) target lacks.
      return descriptor === undefined ? undefined : { ...descriptor, configurable: true };
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(real(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}
