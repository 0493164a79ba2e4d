import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach } from 'vitest';

// Testing Library only auto-cleans when test globals are on; ours are imported explicitly.
afterEach(() => {
  cleanup();
  // Sonner keeps its toasts in a module-level store and shows the live ones to the next test's
  // Toaster, so a 'Transaction added' could still be on screen twice in the next test.
  toast.dismiss();
  localStorage.clear();
  sessionStorage.clear();
});
