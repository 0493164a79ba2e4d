import { toast } from 'sonner';
import { afterEach } from 'vitest';
import { runEffectsBeforeInput } from '@/lib/effects-before-input';
import { cleanup } from '@/test/testing-library';

// Components are tested with the effect timing the app installs in main.tsx (happy-dom's animation
// frame is the next macrotask, so effects run soon after a render, and at once on a key or pointer).
runEffectsBeforeInput();

// Testing Library only auto-cleans when test globals are on; ours are imported explicitly.
afterEach(() => {
  cleanup();
  // Sonner keeps its toasts in a module-level store and shows the live ones to the next test's
  // Toaster, so a 'Transaction added' could still be on screen twice in the next test.
  toast.dismiss();
  localStorage.clear();
  sessionStorage.clear();
});
