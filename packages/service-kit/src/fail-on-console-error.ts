// Vitest setup: a test that makes anything print to console.error fails (the services' errors go
// through their logger; XState reports errors of actors nobody handles there).
import { afterEach, vi } from 'vitest';

let calls: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  calls.push(args);
});

afterEach(() => {
  const seen = calls;
  calls = [];
  if (seen.length > 0)
    throw new Error(`console.error was called: ${seen.map((args) => args.join(' ')).join('\n')}`);
});
