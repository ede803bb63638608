// The baseline of the tenant benchmark: a bare @hono/node-server hello-world.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
app.get('*', (c) => c.text('Hello'));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
