// Tests of the identity sandbox: units, and its issuers over real HTTP on a loopback port driven by openid-client.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    setupFiles: ['@transit-shop/service-kit/fail-on-console-error'],
  },
});
