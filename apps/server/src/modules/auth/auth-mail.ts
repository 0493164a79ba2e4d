import type { User } from '@app/contracts';
import type { MailMessage } from '../../integrations/mail/index.ts';
import { escapeHtml } from '../../lib/html.ts';

const productName = 'Exit Liquidity';

export function verificationMail(user: User, link: string): MailMessage {
  return {
    to: user.email,
    subject: `Confirm your email for ${productName}`,
    text: `Hello ${user.username},\n\nConfirm your email address by opening this link (valid for 24 hours):\n\n${link}\n\nIf you did not create an account, ignore this message.\n`,
    html: `<p>Hello ${escapeHtml(user.username)},</p><p>Confirm your email address by opening this link (valid for 24 hours):</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>If you did not create an account, ignore this message.</p>`,
  };
}

export function passwordResetMail(user: User, link: string): MailMessage {
  return {
    to: user.email,
    subject: `Reset your ${productName} password`,
    text: `Hello ${user.username},\n\nSet a new password by opening this link (valid for 1 hour):\n\n${link}\n\nIf you did not ask for this, ignore this message; your password stays the same.\n`,
    html: `<p>Hello ${escapeHtml(user.username)},</p><p>Set a new password by opening this link (valid for 1 hour):</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>If you did not ask for this, ignore this message; your password stays the same.</p>`,
  };
}
