export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close?(): Promise<void>;
  /**
   * Removes the messages kept for `address` where this mailer keeps copies (the outbox folder),
   * when its account is deleted; answers how many. A mailer that keeps none has no such method.
   */
  forget?(address: string): Promise<number>;
}

export interface MailLogger {
  info(object: Record<string, unknown>, message: string): void;
}
