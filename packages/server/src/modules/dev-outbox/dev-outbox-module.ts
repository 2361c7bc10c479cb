import { decimalInteger } from '@qoltanba/core';
import { z } from 'zod';
import { defineRoute } from '../../http/route.js';
import { listOutbox, type OutboxEntry } from '../../outbox/outbox-store.js';
import type { AppModule } from '../module.js';

const outboxEntrySchema = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});

const outboxQuerySchema = z.object({
  recipient: z.string().max(320).optional().describe('Only messages to this e-mail or phone'),
  limit: decimalInteger(z.number().int().min(1).max(500))
    .optional()
    .describe('At most this many messages (default 100)'),
});

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The dev outbox as a small HTML page, newest first. */
export function renderOutboxPage(entries: readonly OutboxEntry[]): string {
  const items = entries
    .map(
      (e) => `<article class="${e.channel}">
<header><strong>${e.channel === 'email' ? 'E-mail' : 'SMS'}</strong> to <strong>${escapeHtml(e.recipient)}</strong>
<time datetime="${escapeHtml(e.createdAt)}">${escapeHtml(e.createdAt)}</time></header>
${e.subject === null ? '' : `<h2>${escapeHtml(e.subject)}</h2>`}
<pre>${escapeHtml(e.body)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Qoltanba dev outbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#222}
article{border:1px solid #ddd;border-radius:6px;padding:.75rem 1rem;margin:.75rem 0}
time{color:#777;margin-left:.5rem;font-size:.85em}h2{font-size:1rem;margin:.5rem 0}pre{white-space:pre-wrap;margin:0}</style>
</head><body><h1>Dev outbox</h1>
<p>E-mails and SMS the server would have sent (not in production). JSON: <a href="/dev/outbox.json">/dev/outbox.json</a>.</p>
${items || '<p>No messages yet.</p>'}
</body></html>
`;
}

/** `/dev/outbox` (HTML) and `/dev/outbox.json`: messages captured instead of sent. Never in production. */
export const devOutboxModule: AppModule = {
  name: 'dev-outbox',
  enabled: (config) => config.devOutbox,
  register({ route, services }) {
    const db = services.database.db;
    route(
      defineRoute({
        method: 'GET',
        url: '/dev/outbox.json',
        operationId: 'listOutboxMessages',
        summary: 'Captured e-mails and SMS, newest first (development only)',
        tags: ['dev'],
        query: outboxQuerySchema,
        response: z.object({ messages: z.array(outboxEntrySchema) }),
        handler: async ({ query }) => ({ messages: await listOutbox(db, query) }),
      }),
    );
    route(
      defineRoute({
        method: 'GET',
        url: '/dev/outbox',
        operationId: 'showOutboxPage',
        summary: 'Captured e-mails and SMS as an HTML page (development only)',
        tags: ['dev'],
        query: outboxQuerySchema,
        produces: 'html',
        response: z.string(),
        handler: async ({ query }) => renderOutboxPage(await listOutbox(db, query)),
      }),
    );
  },
};
