// The PDF thread's entry: this thread loads the service's TypeScript through tsx's loader, as the
// service itself does.
import { register } from 'tsx/esm/api';

register();
await import('./invoice-pdf-worker.ts');
