// The baselines of the tenant benchmark: a bare @hono/node-server hello-world, or with BODY_BYTES
// a bare server answering a body as large as the index page (to show what the payload alone costs).
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const bodyBytes = Number(process.env.BODY_BYTES ?? 0);
const body = bodyBytes > 0 ? 'x'.repeat(bodyBytes) : 'Hello';
const app = new Hono();
app.get('*', (c) => (bodyBytes > 0 ? c.html(body) : c.text(body)));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
