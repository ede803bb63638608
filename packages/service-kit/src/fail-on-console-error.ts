// Vitest setup: a test that makes anything print to console.error fails (errors go through the logger).
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
