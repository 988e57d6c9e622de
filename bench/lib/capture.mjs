// One request's exact answer — status, headers and body bytes — as the peers replay it.
import { request } from 'node:http';

/** Headers that belong to the connection or the moment, not to the answer being replayed. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** GETs `path` with exactly `headers` (no Accept-Encoding unless given) and returns the raw answer. */
export function captureAnswer(origin, path, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, origin), { headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        const kept = Object.entries(res.headers).filter(([name]) => !PER_CONNECTION.has(name));
        resolve({
          status: res.statusCode,
          headers: Object.fromEntries(kept),
          body: Buffer.concat(chunks),
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
