import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';

/** A request an {@link HttpRecorder} received. */
export interface RecordedRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A local HTTP server that records requests and answers each with `respond`. */
export interface HttpRecorder {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** How an {@link HttpRecorder} answers one request: status (200), JSON body, and headers besides the JSON type. */
export interface RecordedAnswer {
  status?: number;
  json: unknown;
  headers?: Record<string, string>;
}

/**
 * Starts an {@link HttpRecorder} on 127.0.0.1; `respond` gives the status, JSON body and extra headers of each
 * answer. When `respond` throws, the request is answered 500 with `{error}` instead of hanging.
 */
export async function startHttpRecorder(
  respond: (request: RecordedRequest) => RecordedAnswer,
): Promise<HttpRecorder> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      let answer: RecordedAnswer;
      try {
        answer = respond(recorded);
      } catch (error) {
        // A broken `respond` must not leave the request hanging: the client sees a 500 with the reason.
        answer = { status: 500, json: { error: String(error) } };
      }
      res.writeHead(answer.status ?? 200, { ...answer.headers, 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.json));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const bound = server.address();
  if (bound === null || typeof bound === 'string') throw new Error('no port');
  return {
    origin: `http://127.0.0.1:${bound.port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
