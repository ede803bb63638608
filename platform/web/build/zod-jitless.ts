// zod as the browser gets it (decision 0034): jitless. zod otherwise probes whether it may compile
// parsers with `new Function`; the shop's content-security policy forbids it, and although zod
// catches the refusal, the browser reports a policy violation on every page. Parsing without the
// compiled fast path costs the page nothing it would notice. The production build points `zod` here.
import { config } from 'zod/v4/core';

config({ jitless: true });

// From zod's own entry of the same API: `zod` itself would lead back here.
export * from 'zod/v4';
export { default, z } from 'zod/v4';
