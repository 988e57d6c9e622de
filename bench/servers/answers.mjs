// The answers the peers replay: exactly what our server sent for each scenario, captured by the
// benchmark and passed as a JSON file. Looked up by request target and Accept-Encoding, so the peers
// do no more per request than find a Map entry (and compare an etag for the 304).
import { readFileSync } from 'node:fs';

/** The Map key of a request: its target and the codings it accepts. */
export function answerKey(target, acceptEncoding) {
  return `${target}\n${acceptEncoding ?? ''}`;
}

/** Reads the captured answers; each gets its body as bytes and the headers of its 304. */
export function loadAnswers(file) {
  const answers = new Map();
  for (const captured of JSON.parse(readFileSync(file, 'utf8'))) {
    const {
      'content-length': _length,
      'content-type': _type,
      'content-encoding': _coding,
      ...notModifiedHeaders
    } = captured.headers;
    answers.set(answerKey(captured.path, captured.acceptEncoding), {
      status: captured.status,
      headers: captured.headers,
      notModifiedHeaders,
      etag: captured.headers.etag,
      body: Buffer.from(captured.body, 'base64'),
    });
  }
  return answers;
}
