import { type FakeContext, json } from '../fakeHttp';
import { sha256 } from './fileContent';
import type { DocumentsParts } from './parts';

// A document's history as its company may read it (its own trash events only), and the chain check.

/** The history routes of a document. */
export function historyRoutes({ access: { documentInput } }: DocumentsParts) {
  function getDocumentHistory(context: FakeContext): Response {
    const { bin, record: target } = documentInput(context);
    const own = target.history.filter(
      (event) => (event.type !== 'TRASH' && event.type !== 'RESTORE') || event.company?.bin === bin,
    );
    return json(200, own);
  }

  // The fake keeps no hash chain: its history is always intact, and the head is a digest of the whole history.
  async function verifyDocumentHistory(context: FakeContext): Promise<Response> {
    const { record: target } = documentInput(context);
    const events = target.history.length;
    const headHash =
      events > 0 ? await sha256(new TextEncoder().encode(JSON.stringify(target.history))) : null;
    return json(200, { valid: true, events, brokenAt: null, headHash });
  }

  return { getDocumentHistory, verifyDocumentHistory };
}
