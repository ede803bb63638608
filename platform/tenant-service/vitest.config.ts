// Unit and API tests of the tenant service (app.request() on fixture folders, no server).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    setupFiles: ['@transit-shop/service-kit/fail-on-console-error'],
  },
});
