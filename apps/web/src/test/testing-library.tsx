/**
 * Testing Library's React API (render, renderHook, act, cleanup) on Preact. The app ships
 * preact/compat in place of react-dom, so components are tested on
 * the runtime users get; the DOM queries, waitFor and fireEvent are @testing-library/dom's own.
 */
import { configure, fireEvent as domFireEvent, getQueriesForElement, prettyDOM } from '@testing-library/dom';
import { type ComponentChild, type ComponentType, h, render as preactRender } from 'preact';
import { useEffect } from 'preact/hooks';
import { act as preactAct } from 'preact/test-utils';
import type { ReactElement, ReactNode } from 'react';

export * from '@testing-library/dom';

/**
 * Runs the callback, then the renders and effects it caused: at once for a synchronous callback,
 * once its promise settles for an asynchronous one (the two forms of React's act).
 */
export function act(callback: () => Promise<unknown>): Promise<void>;
export function act(callback: () => unknown): void;
export function act(callback: () => unknown): Promise<void> {
  return preactAct(callback as () => void | Promise<void>);
}

/**
 * preact/compat listens for `input` where React's onChange is given on a text field (React fires
 * onChange on every keystroke, the DOM's change event only on blur), so a test's change event on
 * such a field is sent as the input event React's onChange stands for.
 */
export const fireEvent: typeof domFireEvent = Object.assign(
  (element: Document | Node | Element | Window, event: Event) => domFireEvent(element, event),
  domFireEvent,
  {
    change: (element: Document | Node | Element | Window, init?: object) =>
      isTextField(element) ? domFireEvent.input(element, init) : domFireEvent.change(element, init),
  },
);

function isTextField(element: unknown): boolean {
  return (
    (element instanceof HTMLInputElement && !/fil|che|rad/.test(element.type)) ||
    element instanceof HTMLTextAreaElement
  );
}

// Events run inside act, so the renders they cause are on screen before the test's next line (what
// @testing-library/react does with React's act).
configure({
  // findBy and waitFor wait for what is coming, never time it: a second is short on a shared
  // 2-core machine under load, where a page's first answer can take longer to render.
  asyncUtilTimeout: 5_000,
  // waitFor's polling is started inside act but runs outside it: renders queued inside act only
  // happen when act ends, so polling inside it would wait for nothing.
  asyncWrapper: async (callback) => {
    let result: unknown;
    await act(() => {
      result = callback();
    });
    return result;
  },
  eventWrapper: (callback) => {
    let result: unknown;
    void act(() => {
      result = callback();
    });
    return result;
  },
});

interface RenderOptions {
  container?: HTMLElement;
  wrapper?: ComponentType<{ children?: ReactNode }>;
}

const mounted = new Set<HTMLElement>();

const asChild = (ui: ReactNode): ComponentChild => ui as unknown as ComponentChild;

export function render(ui: ReactElement, options: RenderOptions = {}) {
  const container = options.container ?? document.body.appendChild(document.createElement('div'));
  const Wrapper = options.wrapper as ComponentType | undefined;
  const wrap = (element: ReactElement): ComponentChild =>
    Wrapper ? h(Wrapper, null, asChild(element)) : asChild(element);
  void act(() => preactRender(wrap(ui), container));
  mounted.add(container);
  return {
    container,
    baseElement: document.body,
    debug: () => console.log(prettyDOM(document.body)),
    rerender: (next: ReactElement) => void act(() => preactRender(wrap(next), container)),
    unmount: () => void act(() => preactRender(null, container)),
    ...getQueriesForElement(document.body),
  };
}

export function renderHook<Result, Props = undefined>(
  callback: (props: Props) => Result,
  options: RenderOptions & { initialProps?: Props } = {},
) {
  const result = { current: undefined as Result };
  function HookHost({ hookProps }: { hookProps: Props }) {
    const pending = callback(hookProps);
    useEffect(() => {
      result.current = pending;
    });
    return null;
  }
  const host = (hookProps: Props) => h(HookHost, { hookProps }) as unknown as ReactElement;
  const view = render(host(options.initialProps as Props), options);
  return {
    result,
    rerender: (props?: Props) => view.rerender(host(props as Props)),
    unmount: view.unmount,
  };
}

export function cleanup(): void {
  for (const container of mounted) {
    void act(() => preactRender(null, container));
    container.remove();
  }
  mounted.clear();
}
