import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Db } from "../db/client.js";
import { outbox } from "../db/schema/index.js";
import { AppError } from "./errors.js";
import { newId } from "./ids.js";

/** A file a mail carries: text content (a calendar file). */
export type MailAttachment = { filename: string; contentType: string; content: string };
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
  /** Where a reply goes (the sender of a contact message), when not to us. */
  replyTo?: string;
  /** Text someone else wrote about themselves (a contact message): never printed to the log. */
  quotesSender?: boolean;
};
export type Mailer = { send(message: MailMessage): Promise<void> };

/**
 * SMTP through nodemailer when SMTP_URL is set. Without it mail lands in the outbox table; in the
 * embedded setup the log prints its text with the links (never the address), so a newcomer can
 * sign in without a mail server. On PostgreSQL, links never reach the log.
 */
export function createMailer(deps: {
  db: Db;
  log: FastifyBaseLogger;
  smtpUrl: string | undefined;
  from: string;
  /** Print kept mail (links included) to the log: only for the embedded, single-machine setup. */
  printKeptMail: boolean;
}): Mailer {
  if (deps.smtpUrl) {
    const transport = nodemailer.createTransport(deps.smtpUrl);
    return {
      async send(message) {
        try {
          await transport.sendMail({
            from: deps.from,
            to: message.to,
            subject: message.subject,
            text: message.text,
            replyTo: message.replyTo,
            attachments: message.attachments,
          });
        } catch (error) {
          deps.log.warn({ err: error }, "mail not sent");
          throw new AppError("MAIL_FAILED", 503, "Failed to send e-mail");
        }
      },
    };
  }
  return {
    async send(message) {
      await deps.db.insert(outbox).values({
        id: newId(),
        toAddress: message.to,
        subject: message.subject,
        body: message.text,
        attachments: message.attachments ?? null,
        replyTo: message.replyTo ?? null,
      });
      if (deps.printKeptMail && !message.quotesSender) {
        deps.log.info(`mail kept in the outbox (no SMTP_URL): "${message.subject}"\n${message.text}`);
      } else if (deps.printKeptMail) {
        deps.log.info(
          "mail kept in the outbox (no SMTP_URL); its text quotes a sender, so it is not printed",
        );
      } else {
        deps.log.warn("mail kept in the outbox table: set SMTP_URL to send it");
      }
    },
  };
}
