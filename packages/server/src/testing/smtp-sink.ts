import { once } from 'node:events';
import { createServer, type Socket } from 'node:net';

/** One message an {@link SmtpSink} accepted: the envelope and the raw DATA (lines joined with \n). */
export interface SinkMessage {
  mailFrom: string;
  rcptTo: string[];
  data: string;
}

/** A local SMTP server that accepts every message; `next()` resolves with the next one delivered. */
export interface SmtpSink {
  port: number;
  /**
   * The next message delivered (or one delivered before and not yet taken). Rejects when the sink closes
   * first, so a test waiting for a message that never comes fails instead of hanging.
   */
  next(): Promise<SinkMessage>;
  /** Drops open connections and resolves once the server has closed; calling it again is harmless. */
  close(): Promise<void>;
}

const CLOSED_MESSAGE = 'the SMTP sink closed before a message arrived';

const address = (line: string) => /<([^>]*)>/.exec(line)?.[1] ?? '';

/**
 * Starts a tiny SMTP sink on 127.0.0.1 (on `port`, e.g. the port of a sink closed before, or a free one): enough of
 * the protocol (EHLO/HELO, MAIL, RCPT, DATA, QUIT) for nodemailer to deliver, without TLS or authentication.
 */
export async function startSmtpSink(options: { port?: number } = {}): Promise<SmtpSink> {
  const delivered: SinkMessage[] = [];
  const waiting: Array<{ resolve(message: SinkMessage): void; reject(error: Error): void }> = [];
  let closing: Promise<void> | undefined;
  const deliver = (message: SinkMessage) => {
    const waiter = waiting.shift();
    if (waiter) waiter.resolve(message);
    else delivered.push(message);
  };
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    let current: SinkMessage = { mailFrom: '', rcptTo: [], data: '' };
    let inData = false;
    let buffer = '';
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let index = buffer.indexOf('\r\n');
      while (index >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        index = buffer.indexOf('\r\n');
        if (inData) {
          if (line === '.') {
            inData = false;
            socket.write('250 queued\r\n');
            deliver(current);
            current = { mailFrom: '', rcptTo: [], data: '' };
          } else current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 sink\r\n');
        else if (/^MAIL FROM:/i.test(line)) {
          current.mailFrom = address(line);
          socket.write('250 ok\r\n');
        } else if (/^RCPT TO:/i.test(line)) {
          current.rcptTo.push(address(line));
          socket.write('250 ok\r\n');
        } else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (/^QUIT/i.test(line)) {
          socket.end('221 bye\r\n');
        } else socket.write('250 ok\r\n');
      }
    });
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server, 'listening');
  const bound = server.address();
  if (bound === null || typeof bound === 'string') throw new Error('no port');
  return {
    port: bound.port,
    next() {
      const ready = delivered.shift();
      if (ready) return Promise.resolve(ready);
      if (closing !== undefined) return Promise.reject(new Error(CLOSED_MESSAGE));
      return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
    },
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        for (const waiter of waiting.splice(0)) waiter.reject(new Error(CLOSED_MESSAGE));
        for (const socket of sockets) socket.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
      });
      return closing;
    },
  };
}
