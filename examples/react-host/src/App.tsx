import { type EmbedHandle, embed } from '@qoltanba/sdk/embed';
import { QoltanbaSign, QoltanbaVerify } from '@qoltanba/widgets/react-embed';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';

type Mode = 'element' | 'iframe';
type Log = (line: string) => void;

/** Your backend asks Qoltanba for a single-use token with its API key; the browser never sees the key. */
async function embedToken(documentId: number, signer: string): Promise<string> {
  const answer = await fetch('/api/embed-token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ purpose: 'sign', documentId, signer }),
  });
  const body = (await answer.json()) as { token?: string; code?: string };
  if (!answer.ok || !body.token) throw new Error(body.code ?? 'embed token refused');
  return body.token;
}

/** The iframe embed (`@qoltanba/sdk/embed`): Qoltanba's page in an iframe that sizes itself to its content. */
function FrameEmbed({ token, qoltanbaUrl, log }: { token: string; qoltanbaUrl: string; log: Log }) {
  const container = useRef<HTMLDivElement>(null);
  // The latest logger, read when an event arrives: the frame is opened once per token.
  const logRef = useRef(log);
  logRef.current = log;
  useEffect(() => {
    if (!container.current) return;
    const handle: EmbedHandle = embed({
      container: container.current,
      token,
      baseUrl: qoltanbaUrl,
      lang: 'en',
      onReady: () => logRef.current('iframe ready'),
      onSigned: ({ documentId, status }) => logRef.current(`signed ${documentId} ${status}`),
      onRejected: ({ documentId }) => logRef.current(`rejected ${documentId}`),
      onCreated: ({ documentId, number }) => logRef.current(`created ${documentId} No. ${number}`),
      onError: ({ code }) => logRef.current(`error ${code}`),
    });
    return () => handle.destroy();
  }, [token, qoltanbaUrl]);
  return <div ref={container} />;
}

/** A partner's page: sign a document on it (the React component or the iframe), check a signed file. */
export function App() {
  const [qoltanbaUrl, setQoltanbaUrl] = useState<string>();
  const [shown, setShown] = useState<{ token: string; mode: Mode }>();
  const [events, setEvents] = useState<string[]>([]);
  const log = useCallback<Log>((line) => setEvents((all) => [...all, line]), []);
  const params = new URLSearchParams(window.location.search);

  useEffect(() => {
    // Where Qoltanba is: the backend's setting, so the built app works against any Qoltanba server.
    fetch('/api/config')
      .then((answer) => answer.json() as Promise<{ qoltanbaUrl: string }>)
      .then(
        ({ qoltanbaUrl }) => setQoltanbaUrl(qoltanbaUrl),
        (error: unknown) => log(`error ${String(error)}`),
      );
  }, [log]);

  async function sign(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    try {
      const token = await embedToken(Number(form.get('documentId')), String(form.get('signer')));
      setShown({ token, mode: submitter?.value === 'iframe' ? 'iframe' : 'element' });
    } catch (error) {
      log(`error ${(error as Error).message}`);
    }
  }

  if (!qoltanbaUrl) return <p role="status">Loading…</p>;
  return (
    <main
      style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 960, margin: '2rem auto', padding: '0 1rem' }}
    >
      <h1>Partner app (React)</h1>
      <form onSubmit={sign}>
        <label>
          Document id{' '}
          <input
            name="documentId"
            type="number"
            min="1"
            required
            defaultValue={params.get('document') ?? ''}
          />
        </label>{' '}
        <label>
          Signer IIN/BIN{' '}
          <input name="signer" pattern="\d{12}" required defaultValue={params.get('signer') ?? ''} />
        </label>{' '}
        <button type="submit" value="element">
          Sign here (React component)
        </button>{' '}
        <button type="submit" value="iframe">
          Sign here (iframe)
        </button>
      </form>

      <section aria-labelledby="sign-title">
        <h2 id="sign-title">Signing</h2>
        {shown?.mode === 'element' ? (
          <QoltanbaSign
            key={shown.token}
            token={shown.token}
            apiBase={qoltanbaUrl}
            lang="en"
            onSigned={({ documentId, status }) => log(`signed ${documentId} ${status}`)}
            onRejected={({ documentId }) => log(`rejected ${documentId}`)}
            onError={({ code }) => log(`error ${code}`)}
          />
        ) : null}
        {shown?.mode === 'iframe' ? (
          <FrameEmbed key={shown.token} token={shown.token} qoltanbaUrl={qoltanbaUrl} log={log} />
        ) : null}
      </section>

      <section aria-labelledby="verify-title">
        <h2 id="verify-title">Check a signature</h2>
        <QoltanbaVerify
          apiBase={qoltanbaUrl}
          lang="en"
          onVerified={({ result }) => log(`verified ${result.verdict}`)}
          onError={({ code }) => log(`error ${code}`)}
        />
      </section>

      <section aria-labelledby="events-title">
        <h2 id="events-title">What happened</h2>
        <ol id="events" aria-live="polite">
          {events.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an append-only log
            <li key={index}>{line}</li>
          ))}
        </ol>
      </section>
    </main>
  );
}
