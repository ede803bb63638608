// Unit tests of the services' shared start-up pieces.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    setupFiles: ['src/fail-on-console-error.ts'],
  },
});
