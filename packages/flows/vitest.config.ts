// Unit tests of the flows: each machine's test sits beside it; a console.error fails the test.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    setupFiles: ['@transit-shop/service-kit/fail-on-console-error'],
  },
});
