/** One error forwarded to the error-reporting service. */
export interface ErrorReport {
  /** What was thrown or rejected, as is. */
  error: unknown;
  /** A readable one-line message derived from `error`. */
  message: string;
  /** Where it was caught: the window `error` event, an unhandled rejection, or `reportError`. */
  source: 'error' | 'unhandledrejection' | 'manual';
  /** Extra fields passed to `reportError`. */
  context?: Record<string, unknown>;
  environment: string;
  /** Milliseconds since the epoch. */
  timestamp: number;
}

/** Options of `initErrorReporting`. */
export interface ErrorReportingOptions {
  /** Deployment environment; reporting runs only for `'production'`. */
  environment: string;
  /** Sends one report; the default writes it to `console.error`. */
  report?: (event: ErrorReport) => void;
  /** Window to listen on; the global window by default, none on node. */
  win?: Window;
}

type Sender = (event: Omit<ErrorReport, 'environment' | 'timestamp'>) => void;

let sender: Sender | undefined;

function messageOf(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

const noop = () => {};

/**
 * Turns on error reporting, only when `environment === 'production'` (elsewhere a no-op returning a
 * no-op). Listens to window `error` and `unhandledrejection` with addEventListener (never replaces
 * `window.onerror`) and enables `reportError`. Returns the cleanup that removes listeners and disables it.
 */
export function initErrorReporting(options: ErrorReportingOptions): () => void {
  if (options.environment !== 'production') return noop;
  const report = options.report ?? ((event: ErrorReport) => console.error('[qoltanba] error report', event));
  const send: Sender = (event) => {
    try {
      report({ ...event, environment: options.environment, timestamp: Date.now() });
    } catch {
      // A failing reporter must never raise a new error from inside an error handler.
    }
  };
  sender = send;

  const win = options.win ?? (typeof window === 'undefined' ? undefined : window);
  const onError = (event: ErrorEvent) => {
    const error = event.error ?? event.message;
    send({ error, message: messageOf(error), source: 'error' });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    send({ error: event.reason, message: messageOf(event.reason), source: 'unhandledrejection' });
  };
  win?.addEventListener('error', onError);
  win?.addEventListener('unhandledrejection', onRejection);

  return () => {
    win?.removeEventListener('error', onError);
    win?.removeEventListener('unhandledrejection', onRejection);
    if (sender === send) sender = undefined;
  };
}

/**
 * Reports a caught error with optional context; does nothing unless `initErrorReporting` enabled reporting.
 *
 * @example reportError(error, { screen: 'check', docId })
 */
export function reportError(error: unknown, context?: Record<string, unknown>): void {
  sender?.({ error, message: messageOf(error), source: 'manual', ...(context ? { context } : {}) });
}
