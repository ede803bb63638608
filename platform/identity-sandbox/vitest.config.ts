// Unit and HTTP tests of the payment sandbox (app.request() and a real loopback notification receiver).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    setupFiles: ['@transit-shop/service-kit/fail-on-console-error'],
  },
});
