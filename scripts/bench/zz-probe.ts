import { startTicketApi } from './support/ticket-api-under-test.ts';
const api = await startTicketApi({ name: 'probe', port: 8199 });
try {
  for (const path of ['/healthz', '/healthz']) {
    const times: number[] = [];
    for (let i = 0; i < 300; i++) { const s = performance.now(); await api.call('GET', path); times.push(performance.now() - s); }
    times.sort((a, b) => a - b);
    console.log(path, 'p50', times[150]?.toFixed(2), 'p95', times[285]?.toFixed(2), 'max', times[299]?.toFixed(2));
  }
} finally { await api.close(); }
