import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import { isOutboxEnabled } from '../../config.ts';
import type { Channel, OutgoingMessage } from './delivery.repository.ts';

/** Hands one message to a provider; throws when the provider did not accept it. */
export interface Transport {
  name: string;
  send(message: OutgoingMessage): Promise<void>;
  close?(): void;
}

export function createSmtpTransport(smtpUrl: string, from: string): Transport {
  // Timeouts well inside the delivery lease, so a hung server cannot outlast it.
  const mailer = nodemailer.createTransport(smtpUrl, { connectionTimeout: 20_000, greetingTimeout: 15_000, socketTimeout: 60_000 });
  return {
    name: 'smtp',
    async send(message) {
      await mailer.sendMail({
        from,
        to: message.recipient,
        subject: message.subject,
        text: message.body,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      });
    },
    close: () => mailer.close(),
  };
}

export function createTwilioTransport(options: { accountSid: string; authToken: string; from: string; apiUrl: string }): Transport {
  const endpoint = `${options.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${options.accountSid}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    async send(message) {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: message.recipient, From: options.from, Body: message.body }),
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok) {
        const detail = await response.text().catch(() => '');
        throw new Error(`Twilio answered ${response.status}: ${detail.slice(0, 300)}`);
      }
    },
  };
}

/** The development outbox: the message is already stored, so "sending" only marks it delivered. */
export const outboxTransport: Transport = { name: 'outbox', send: async () => undefined };

/** Picks the transport of each channel from the configuration. */
export function createTransports(config: Config): Record<Channel, Transport | undefined> {
  const fallback = isOutboxEnabled(config) ? outboxTransport : undefined;
  return {
    email: config.mail.smtpUrl ? createSmtpTransport(config.mail.smtpUrl, config.mail.from) : fallback,
    sms: config.twilio ? createTwilioTransport(config.twilio) : fallback,
  };
}
