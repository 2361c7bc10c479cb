/** One upload as a transport sends it: the client has already added the bearer and language headers. */
export interface UploadTransportRequest {
  method: 'POST' | 'PUT';
  /** Absolute or base-relative URL. */
  url: string;
  headers: Record<string, string>;
  /** A multipart body; the transport lets the platform set the boundary. */
  body: FormData;
  signal?: AbortSignal;
  /** Bytes of the request body sent so far and the body's total size, as the platform counts them. */
  onProgress?: (loaded: number, total: number) => void;
}

/** What a transport hands back: any HTTP status (errors are the client's to read) and the body text. */
export interface UploadTransportResponse {
  status: number;
  body: string;
}

/**
 * Sends an upload. Resolves with every HTTP answer (also 4xx/5xx); rejects with an `AbortError` when
 * `signal` aborts and with any other error when no answer arrived (the client reports NETWORK_ERROR).
 * Tests inject their own to script progress.
 */
export type UploadTransport = (request: UploadTransportRequest) => Promise<UploadTransportResponse>;

function abortError(): DOMException {
  return new DOMException('The upload was aborted', 'AbortError');
}

/**
 * The browser transport: XMLHttpRequest, because fetch reports no upload progress. `onProgress` follows
 * `xhr.upload`'s progress events.
 */
export const xhrUploadTransport: UploadTransport = (request) =>
  new Promise((resolve, reject) => {
    if (request.signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const settle = () => request.signal?.removeEventListener('abort', onAbort);
    xhr.open(request.method, request.url);
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) request.onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      settle();
      resolve({ status: xhr.status, body: xhr.responseText });
    };
    xhr.onerror = () => {
      settle();
      reject(new TypeError('upload failed'));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      settle();
      reject(abortError());
    };
    request.signal?.addEventListener('abort', onAbort);
    xhr.send(request.body);
  });

/**
 * A transport over a fetch function, for platforms without XMLHttpRequest (node) and for clients given
 * their own `fetch`: fetch cannot report upload progress, so `onProgress` is called once, with the
 * whole body, when the answer arrives.
 */
export function fetchUploadTransport(
  send: (input: string, init?: RequestInit) => Promise<Response>,
): UploadTransport {
  return async (request) => {
    const response = await send(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      ...(request.signal ? { signal: request.signal } : {}),
    });
    const body = await response.text();
    const total = multipartSize(request.body);
    request.onProgress?.(total, total);
    return { status: response.status, body };
  };
}

/** The content bytes of a multipart body (file sizes plus text lengths), without part headers. */
function multipartSize(body: FormData): number {
  let size = 0;
  for (const [, value] of body.entries()) {
    size += typeof value === 'string' ? new TextEncoder().encode(value).length : value.size;
  }
  return size;
}
