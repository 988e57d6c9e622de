// The baseline of the cold-start benchmark: a bare hono/aws-lambda handler with one JSON route and no
// dataset, bundled exactly like ours.
import { Hono } from 'hono';
import { handle } from 'hono/aws-lambda';

const app = new Hono();
app.get('*', (c) => c.json({ data: [], meta: { total: 0, count: 0 } }));

export const handler = handle(app);
