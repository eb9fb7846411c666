import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { clearCookies } from '@/test/cookies';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  clearCookies();
});
