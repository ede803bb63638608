// The contract PDFs' thread entry: this thread loads the service's TypeScript through tsx's loader,
// as the service itself does.
import { register } from 'tsx/esm/api';

register();
await import('./document-pdf-worker.ts');
