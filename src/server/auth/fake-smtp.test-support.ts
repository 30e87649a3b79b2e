import net from 'node:net';

/**
 * A minimal SMTP server for tests: accepts every message and keeps its raw text. Enough of RFC 5321
 * for nodemailer without TLS or authentication (it offers no STARTTLS, so none is tried).
 */
export interface FakeSmtp {
  url: string;
  messages: string[];
  close(): Promise<void>;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const messages: string[] = [];
  const server = net.createServer((socket) => handleSession(socket, messages));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function handleSession(socket: net.Socket, messages: string[]): void {
  let buffer = '';
  let data: string[] | undefined;
  socket.write('220 fake-smtp ready\r\n');
  socket.on('data', (chunk) => {
    buffer += chunk.toString('utf8');
    let index = buffer.indexOf('\r\n');
    while (index >= 0) {
      const line = buffer.slice(0, index);
      buffer = buffer.slice(index + 2);
      if (data) {
        if (line === '.') {
          messages.push(data.join('\n'));
          data = undefined;
          socket.write('250 queued\r\n');
        } else data.push(line.startsWith('..') ? line.slice(1) : line);
      } else data = answer(socket, line);
      index = buffer.indexOf('\r\n');
    }
  });
}

/** Answers one command; returns a fresh line list when the message body starts. */
function answer(socket: net.Socket, line: string): string[] | undefined {
  const command = line.slice(0, 4).toUpperCase();
  if (command === 'EHLO' || command === 'HELO') socket.write('250 fake-smtp\r\n');
  else if (command === 'DATA') {
    socket.write('354 end with .\r\n');
    return [];
  } else if (command === 'QUIT') socket.end('221 bye\r\n');
  else socket.write('250 ok\r\n');
  return undefined;
}
