// Files for the sdk's tests on the real server: a PDF by content (distinct per call) and one the server refuses.

let serial = 0;

/**
 * A PDF of `size` bytes (at least its header and end marker), distinct per call: the server recognises files by
 * content, so two uploads of the same bytes would be one file.
 *
 * @example await createDocument(draft, [pdfFile('contract.pdf', 2048)])
 */
export function pdfFile(name = 'contract.pdf', size = 64): File {
  serial += 1;
  const encoder = new TextEncoder();
  const head = encoder.encode(`%PDF-1.4\n%${serial} ${Math.random().toString(36).slice(2)}\n`);
  const tail = encoder.encode('%%EOF\n');
  const bytes = new Uint8Array(Math.max(size, head.length + tail.length)).fill(0x20);
  bytes.set(head);
  bytes.set(tail, bytes.length - tail.length);
  return new File([bytes], name, { type: 'application/pdf' });
}

/** A file the server refuses by content (plain text), whatever its name says. */
export function textFile(name = 'notes.pdf', text = 'not a document'): File {
  return new File([text], name, { type: 'application/pdf' });
}
