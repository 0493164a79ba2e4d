export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close?(): Promise<void>;
}

export interface MailLogger {
  info(object: Record<string, unknown>, message: string): void;
}
