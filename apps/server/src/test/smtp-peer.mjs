// A real SMTP server in its own process for delivery tests. Prints `listening <port>`, then one JSON
// line per accepted message. FAIL_FIRST=n refuses the first n messages with a temporary error.
import { SMTPServer } from 'smtp-server';

let toFail = Number(process.env.FAIL_FIRST ?? 0);

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      if (toFail > 0) {
        toFail -= 1;
        const error = new Error('Mailbox temporarily unavailable');
        error.responseCode = 451;
        return callback(error);
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      process.stdout.write(
        `${JSON.stringify({ from: session.envelope.mailFrom && session.envelope.mailFrom.address, to: session.envelope.rcptTo.map((r) => r.address), raw })}\n`,
      );
      callback();
    });
  },
});

server.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${server.server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
