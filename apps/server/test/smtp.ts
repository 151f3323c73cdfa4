import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = {
  to: string[];
  subject: string;
  text: string;
  /** The Reply-To header's addresses, as delivered. */
  replyTo: string[];
};

/** A real SMTP server on loopback that keeps what it receives, for the mail tests. */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  /** Recipients refused (a failing mail server, for the tests of what a failed mail undoes). */
  const refused = new Set<string>();
  /** While set, a recipient waits for it before being accepted (a slow mail server). */
  let hold: Promise<void> | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address)) return callback(new Error("550 refused for the test"));
      if (!hold) return callback();
      hold.then(() => callback());
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            replyTo: (mail.replyTo?.value ?? []).flatMap((a) => (a.address ? [a.address] : [])),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refused,
    /** Holds every recipient until the promise settles; null lets them through again. */
    setHold(gate: Promise<void> | null) {
      hold = gate;
    },
    /** The last mail to an address, waiting briefly for it to arrive. */
    async lastTo(address: string): Promise<ReceivedMail> {
      for (let i = 0; i < 50; i++) {
        const mail = received.filter((m) => m.to.includes(address)).at(-1);
        if (mail) return mail;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no mail to ${address}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const linkIn = (text: string) => /https?:\/\/\S+/.exec(text)?.[0] ?? "";
