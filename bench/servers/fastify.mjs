// The peer a user would pick instead: fastify 5 with @fastify/rate-limit (60 a minute per client, its
// default in-memory store) and its pino access log, trusting the proxy on loopback, replaying our exact bytes
// from a Map — so it is measured doing no work for the content at all.
//
//   node servers/fastify.mjs <answers.json> <port>
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { answerKey, loadAnswers } from './answers.mjs';

const answers = loadAnswers(process.argv[2]);
const app = Fastify({ logger: true, trustProxy: '127.0.0.1' });
await app.register(rateLimit, { max: 60, timeWindow: 60_000 });
app.get('/*', (request, reply) => {
  const answer = answers.get(answerKey(request.url, request.headers['accept-encoding']));
  if (!answer) return reply.code(500).send();
  if (answer.etag !== undefined && request.headers['if-none-match'] === answer.etag) {
    return reply.code(304).headers(answer.notModifiedHeaders).send();
  }
  return reply.code(answer.status).headers(answer.headers).send(answer.body);
});
await app.listen({ port: Number(process.argv[3]), host: '127.0.0.1' });
