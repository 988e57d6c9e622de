// The alternative `BENCH_HONO_ADAPTER=1 pnpm bench:lambda` measures: hono's own adapter, `handle(app)`
// from hono/aws-lambda, in place of src/handler.ts, with the rest of src/index.ts as it is. The app
// still needs the client's address and Lambda's request id; hono passes the event and the context
// instead, so this is the least glue that hands the app what it reads.
import { handle } from 'hono/aws-lambda';
import { resolveClientIp } from '../src/client-ip.js';

export function createHandler(app, options) {
  const glue = {
    fetch: (request, { event, lambdaContext }) =>
      app.fetch(request, {
        clientIp: resolveClientIp(event, options.originSecret),
        requestId: lambdaContext?.awsRequestId,
      }),
  };
  return handle(glue);
}
