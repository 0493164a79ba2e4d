import { z } from 'zod';
import { authLimits } from './auth.ts';

/*
 * The account as a whole: deleting it, and carrying everything in it to a file and back. The
 * file's own shape is in account-export.ts; this module holds what the settings page and the
 * routes share (paths, limits, words, the small bodies).
 */

/** Paths under the `/api` base. Deletion lives under /auth/, where no access token ever reaches. */
export const accountRoutes = {
  deleteAccount: '/auth/delete-account',
  summary: '/v2/account/',
  export: '/v2/account/export/',
  import: '/v2/account/import/',
} as const;

/** The name every export file carries, so a file of another program is recognised as such. */
export const accountExportFormat = 'exit-liquidity-account-export';
/** Raised when the file's shape changes in a way an older reader would misread. */
export const accountExportVersion = 1;
/**
 * The largest file an import takes: about 80,000 transactions. The whole file is read into
 * memory and written in one database transaction, so it is bounded like any other body.
 */
export const accountImportMaxBytes = 32 * 1024 * 1024;

const megabytes = (bytes: number): string => `${Math.round(bytes / (1024 * 1024))} MB`;

export const accountDataMessages = {
  passwordRequired: 'Enter your password to delete the account.',
  passwordWrong: 'That password is not correct. Nothing was deleted.',
  confirmEmailRequired: 'Type the email address of this account to delete it.',
  confirmEmailWrong: 'That is not the email address of this account. Nothing was deleted.',
  notAnExport:
    'This file is not an account export of this app. Choose a file made with "Download all my data". Nothing was imported.',
  unknownVersion: (version: unknown, supported: number) =>
    `This file is version ${String(version)} of the account export; this server reads version ${supported}. Nothing was imported.`,
  damaged: 'This file is damaged or was changed after it was exported. Nothing was imported.',
  notEmpty:
    'This account already holds portfolios, transactions, projections, alerts or watchlists. An import goes into an empty account only, so nothing is mixed or replaced. Nothing was imported.',
  tooLarge: `This file is larger than ${megabytes(accountImportMaxBytes)}, the most an import takes. Nothing was imported.`,
  oversold: (portfolio: string, coin: string) =>
    `In the portfolio "${portfolio}" the file sells or sends more ${coin} than it holds. Nothing was imported.`,
  overLimit: (what: string, limit: number) =>
    `The file holds more ${what} than this server allows one account (${limit.toLocaleString('en-US')}). Nothing was imported.`,
} as const;

/**
 * A password for an account that has one; the account's email, typed out, for one made by single
 * sign-on (it has no password here, and a fresh sign-in at the provider is not asked for).
 */
export const accountDeleteBodySchema = z
  .object({
    password: z.string().max(authLimits.passwordMax).optional(),
    confirm_email: z.string().trim().max(authLimits.emailMax).optional(),
  })
  .strict();
export type AccountDeleteBody = z.infer<typeof accountDeleteBodySchema>;

/** Like a logout's answer: the cookies are cleared and the browser goes to `logout_url`. */
export const accountDeletedSchema = z.object({ success: z.literal(true), logout_url: z.string() });
export type AccountDeleted = z.infer<typeof accountDeletedSchema>;

const count = z.number().int().min(0);

/** What the account holds, so the page offers an import only into an empty account. */
export const accountSummarySchema = z.object({
  is_empty: z.boolean(),
  counts: z.object({
    portfolios: count,
    transactions: count,
    projections: count,
    alerts: count,
    watchlists: count,
  }),
  import_max_bytes: count,
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;

/** Something of the file the import did not bring in, and why. */
export const importLeftOutSchema = z.object({
  kind: z.string(),
  name: z.string(),
  reason: z.string(),
});
export type ImportLeftOut = z.infer<typeof importLeftOutSchema>;

export const accountImportResultSchema = z.object({
  success: z.literal(true),
  /** Rows written, per kind (`portfolios`, `transactions`, …). */
  imported: z.record(z.string(), count),
  left_out: z.array(importLeftOutSchema),
  /** Other things worth knowing (settings replaced, consent not carried over). */
  notes: z.array(z.string()),
});
export type AccountImportResult = z.infer<typeof accountImportResultSchema>;
