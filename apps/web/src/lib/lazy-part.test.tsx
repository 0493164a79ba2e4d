import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@/test/testing-library';
import { lazyPart } from './lazy-part';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('lazyPart', () => {
  it('loads the chunk once, whether preloaded first or rendered first', async () => {
    const load = vi.fn(async () => ({ Greeting }));
    const part = lazyPart(load, (m) => m.Greeting);
    part.preload();
    part.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <part.Component name="Ada" />
      </Suspense>,
    );
    expect((await screen.findByText('Hello Ada')).tagName).toBe('P');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failed load instead of keeping the failure', async () => {
    const load = vi
      .fn<() => Promise<{ Greeting: typeof Greeting }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ Greeting });
    const part = lazyPart(load, (m) => m.Greeting);
    part.preload();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    // Let the rejection settle (a macrotask after the microtasks) so the next call starts afresh.
    await new Promise((resolve) => setTimeout(resolve, 0));
    render(
      <Suspense fallback={<p>Loading</p>}>
        <part.Component name="Grace" />
      </Suspense>,
    );
    expect((await screen.findByText('Hello Grace')).tagName).toBe('P');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('renders at once, without its fallback, when loaded before its first render', async () => {
    const part = lazyPart(
      async () => ({ Greeting }),
      (m) => m.Greeting,
    );
    await part.load();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <part.Component name="Alan" />
      </Suspense>,
    );
    // Synchronously there: no fallback was committed (React would hold the reveal 300 ms).
    expect(screen.queryByText('Loading')).toBeNull();
    expect(screen.getByText('Hello Alan').tagName).toBe('P');
  });
});
