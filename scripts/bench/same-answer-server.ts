// The baseline of the tenant benchmark (decision 0034): a bare @hono/node-server that sends, to
// every request, the very answer the tenant service sent for the page: the same status, headers
// and body bytes (read from ANSWER_FILE). What the page route costs beyond it is the service's own.
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

type RecordedAnswer = { status: number; headers: Record<string, string>; bodyBase64: string };

const recorded = JSON.parse(readFileSync(String(process.env.ANSWER_FILE), 'utf8')) as RecordedAnswer;
const body = new Uint8Array(Buffer.from(recorded.bodyBase64, 'base64'));
const app = new Hono();
app.get('*', (c) => c.body(body, recorded.status as 200, recorded.headers));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
