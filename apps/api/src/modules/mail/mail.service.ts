/**
 * Outgoing e-mail (password reset, order confirmation). The transport is a file outbox: every
 * message is written as an RFC 5322 `.eml` file (UTF-8, quoted-printable-free 8bit text) into
 * MAIL_OUTBOX_DIR (default ./data/outbox), where a relay, an operator or a test picks it up.
 * An SMTP transport can replace {@link sendMail}'s body later without changing callers.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

/** One message. */
export interface MailMessage {
  /** Recipient address. */
  to: string;
  subject: string;
  /** Plain-text body (always sent). */
  text: string;
  /** Optional HTML alternative. */
  html?: string;
  /**
   * Message-ID without angle brackets (`local@host`); default a random one. A job's retry sends
   * the same id, so a receiver can fold a duplicate (issue 15, modules/jobs/handlers.ts).
   */
  messageId?: string;
}

/** Where and as whom to send. */
export interface MailOptions {
  /** The outbox folder (config `mail.outboxDir`). */
  outboxDir: string;
  /** Display name of the sender, e.g. the shop's name. */
  fromName: string;
  /** Sender address; default `no-reply@<host of publicUrl>`. */
  fromAddress?: string;
  /**
   * SMTP server (config `mail.smtpUrl`, env SMTP_URL), e.g. `smtp://user:pass@host:587`: when
   * set, messages go out through Nodemailer instead of the file outbox.
   */
  smtpUrl?: string | undefined;
}

/** A written message. */
export interface SentMail {
  messageId: string;
  /** Path of the `.eml` file. */
  path: string;
}

function encodeHeader(value: string): string {
  // RFC 2047 for non-ASCII (Swedish letters in subjects and names).
  return /^[\x20-\x7e]*$/.test(value)
    ? value
    : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

function safeAddress(address: string): string {
  if (/[\r\n<>]/.test(address)) throw new Error('Invalid e-mail address');
  return address.trim();
}

/**
 * Writes a message to the outbox.
 * @throws Error for an address with line breaks or angle brackets, or when the folder is not writable
 */
export async function sendMail(options: MailOptions, message: MailMessage): Promise<SentMail> {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    const info = await transport.sendMail({
      from: {
        name: options.fromName,
        address: safeAddress(options.fromAddress ?? 'no-reply@localhost'),
      },
      to: safeAddress(message.to),
      subject: message.subject,
      ...(message.messageId ? { messageId: `<${message.messageId}>` } : {}),
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
    });
    return { messageId: String(info.messageId), path: '' };
  }
  const id = randomUUID();
  const from = safeAddress(options.fromAddress ?? 'no-reply@localhost');
  const boundary = `b-${id}`;
  const headers = [
    `Message-ID: <${message.messageId ? safeAddress(message.messageId) : `${id}@trampa`}>`,
    `Date: ${new Date().toUTCString()}`,
    `From: ${encodeHeader(options.fromName)} <${from}>`,
    `To: <${safeAddress(message.to)}>`,
    `Subject: ${encodeHeader(message.subject)}`,
    'MIME-Version: 1.0',
  ];
  const textPart = ['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit'];
  const body = message.html
    ? [
        `Content-Type: multipart/alternative; boundary="${boundary}"`,
        '',
        `--${boundary}`,
        ...textPart,
        '',
        message.text,
        `--${boundary}`,
        'Content-Type: text/html; charset=utf-8',
        'Content-Transfer-Encoding: 8bit',
        '',
        message.html,
        `--${boundary}--`,
        '',
      ]
    : [...textPart, '', message.text, ''];
  await mkdir(options.outboxDir, { recursive: true });
  const path = join(options.outboxDir, `${Date.now()}-${id}.eml`);
  await writeFile(path, [...headers, ...body].join('\r\n'), 'utf8');
  return { messageId: id, path };
}

/**
 * The messages in the outbox addressed to `to`, oldest first (tests, operators).
 * @returns the raw `.eml` texts
 */
export async function readOutbox(outboxDir: string, to: string): Promise<string[]> {
  let names: string[];
  try {
    names = (await readdir(outboxDir)).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  const texts = await Promise.all(names.map((name) => readFile(join(outboxDir, name), 'utf8')));
  const wanted = `To: <${to.trim().toLowerCase()}>`;
  return texts.filter((text) => text.toLowerCase().includes(wanted.toLowerCase()));
}

/**
 * The mail options of a configuration: the outbox folder or SMTP_URL, the shop's name as the
 * sender and `no-reply@<host of PUBLIC_URL>` as its address.
 */
export function mailOptionsFromConfig(config: {
  mail: { outboxDir: string; smtpUrl?: string | undefined };
  shopName: string;
  publicUrl: string;
}): MailOptions {
  return {
    outboxDir: config.mail.outboxDir,
    smtpUrl: config.mail.smtpUrl,
    fromName: config.shopName,
    fromAddress: `no-reply@${new URL(config.publicUrl).hostname}`,
  };
}
