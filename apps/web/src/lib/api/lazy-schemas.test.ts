import { describe, expect, it, vi } from 'vitest';
import { schemaLoader } from './lazy-schemas';

describe('a feature’s lazily loaded schemas', () => {
  it('gives a named schema from the loaded chunk, asking for the chunk only when a request needs it', async () => {
    const load = vi.fn(async () => ({ aSchema: 'a', bSchema: 'b' }));
    const schema = schemaLoader(load);
    const b = schema('bSchema');
    expect(load).not.toHaveBeenCalled();
    expect(await b()).toBe('b');
    expect(load).toHaveBeenCalledOnce();
  });

  it('starts the chunk early on preload, and a failed preload leaves the request to try again', async () => {
    let fail = true;
    const load = vi.fn(async () => {
      if (fail) throw new Error('chunk failed');
      return { aSchema: 'a' };
    });
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const schema = schemaLoader(load);
      schema.preload();
      expect(load).toHaveBeenCalledOnce();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(unhandled).not.toHaveBeenCalled();
      fail = false;
      expect(await schema('aSchema')()).toBe('a');
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
