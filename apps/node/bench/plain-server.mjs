// Baseline: a bare node:http server answering the exact bytes and headers our server sent, and a
// 304 when If-None-Match equals the etag. Nothing is computed per request.
import { createServer } from 'node:http';

const { status, headers, body } = JSON.parse(process.argv[2]);
const bytes = Buffer.from(body, 'base64');
const etag = headers.etag;
const { 'content-length': _length, 'content-type': _type, ...notModifiedHeaders } = headers;
const server = createServer((req, res) => {
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, notModifiedHeaders);
    res.end();
    return;
  }
  res.writeHead(status, headers);
  res.end(bytes);
});
// Exit with the benchmark, even when it fails half-way.
process.on('disconnect', () => process.exit(0));
server.listen(0, '127.0.0.1', () => process.send?.({ url: `http://127.0.0.1:${server.address().port}` }));
