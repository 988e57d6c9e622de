// Baseline: a bare node:http server replaying our exact bytes and headers, and a 304 when
// If-None-Match equals the etag. Nothing is computed per request; no log, no rate limit.
//
//   node servers/plain.mjs <answers.json> <port>
import { createServer } from 'node:http';
import { answerKey, loadAnswers } from './answers.mjs';

const answers = loadAnswers(process.argv[2]);
const server = createServer((req, res) => {
  const answer = answers.get(answerKey(req.url, req.headers['accept-encoding']));
  if (!answer) {
    res.writeHead(500);
    res.end();
  } else if (answer.etag !== undefined && req.headers['if-none-match'] === answer.etag) {
    res.writeHead(304, answer.notModifiedHeaders);
    res.end();
  } else {
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  }
});
server.listen(Number(process.argv[3]), '127.0.0.1');
