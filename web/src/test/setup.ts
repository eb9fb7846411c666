import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach } from 'vitest';
import { clearCookies } from '@/test/cookies';

afterEach(() => {
  // Sonner replays toasts still showing to the next test's Toaster.
  toast.dismiss();
  cleanup();
  window.localStorage.clear();
  clearCookies();
});
