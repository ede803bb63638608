// Unit tests of the tenancy package (loader tests read real folders: allow time).
import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { testTimeout: 20_000 } });
