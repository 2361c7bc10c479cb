import { once } from 'node:events';
import { createServer, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createSmtpMailer } from './smtp-mailer.js';

/** A tiny SMTP sink: enough of the protocol for nodemailer to deliver one message. */
async function smtpSink(): Promise<{ port: number; received: Promise<string>; close(): void }> {
  let deliver: (data: string) => void = () => {};
  const received = new Promise<string>((resolve) => {
    deliver = resolve;
  });
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    let inData = false;
    let data = '';
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
            deliver(data);
          } else data += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 sink\r\n');
        else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (/^QUIT/i.test(line)) {
          socket.end('221 bye\r\n');
        } else socket.write('250 ok\r\n');
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    received,
    close() {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

describe('SMTP mailer', () => {
  it('delivers a message through the SMTP server named by the URL', async () => {
    const sink = await smtpSink();
    const mailer = createSmtpMailer(
      `smtp://127.0.0.1:${sink.port}?ignoreTLS=true`,
      'Qoltanba <no-reply@qoltanba.kz>',
    );
    try {
      await mailer.send({ to: 'dana@example.kz', subject: 'Code', text: 'Your code is 123456' });
      const data = await sink.received;
      expect(data).toContain('To: dana@example.kz');
      expect(data).toContain('Subject: Code');
      expect(data).toContain('Your code is 123456');
    } finally {
      mailer.close();
      sink.close();
    }
  });
});
