// Unit-test setup: a test fails on any console.error (React warnings included).
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error: ${args.map(String).join(' ')}`);
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
