import { options } from 'preact';
import { toast } from 'sonner';
import { afterEach } from 'vitest';
import { cleanup } from '@/test/testing-library';

// Preact runs effects after the next animation frame; happy-dom paints no frames and times its
// requestAnimationFrame itself, so effects wait on the next task instead, as React's do in tests.
options.requestAnimationFrame = (flush) => setTimeout(flush, 0);

// Testing Library only auto-cleans when test globals are on; ours are imported explicitly.
afterEach(() => {
  cleanup();
  // Sonner keeps its toasts in a module-level store and shows the live ones to the next test's
  // Toaster, so a 'Transaction added' could still be on screen twice in the next test.
  toast.dismiss();
  localStorage.clear();
  sessionStorage.clear();
});
