// One cold start, run in a fresh process by cold-start.mjs: import a bundled handler, answer one
// request, and report both times over IPC (stdout belongs to the handler's logs).
const [handlerPath, eventJson] = process.argv.slice(2);
const event = JSON.parse(eventJson);
const context = {
  awsRequestId: 'bench',
  functionName: 'gamedata',
  getRemainingTimeInMillis: () => 10_000,
};

const started = performance.now();
const { handler } = await import(handlerPath);
const imported = performance.now();
const result = await handler(event, context);
const answered = performance.now();

// payloadBytes: the result as Lambda measures it against its 6 MB response limit.
process.send({
  initMs: imported - started,
  firstMs: answered - imported,
  status: result.statusCode,
  bodyBytes: result.body.length,
  payloadBytes: Buffer.byteLength(JSON.stringify(result)),
});
