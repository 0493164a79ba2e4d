/**
 * Where the loading screen puts its spinner. index.html's has the centred class; the build moves
 * it low in a shell that paints the page's empty state, so the two never overlap on a
 * phone. No imports: the build's plugins read it too.
 */
export const loadingScreenClass = {
  centre: 'flex min-h-dvh items-center justify-center bg-bg',
  low: 'flex min-h-dvh items-end justify-center bg-bg pb-24',
};
