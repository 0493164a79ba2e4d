import { type AccountDeleteBody, accountDataMessages, accountMessages, errorCodes } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../integrations/mail/index.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import { verifyPassword } from '../../lib/password-hash.ts';
import { deleteAccountRows, findAccountCredentials, lockAccount } from './account-deletion.repository.ts';

export interface DeletionLogger {
  error(object: Record<string, unknown>, message: string): void;
}

const gone = () => new AppError({ code: errorCodes.notFound, message: accountMessages.notFound });

/**
 * Deleting an account: the owner proves it is them (the password, or for an account made by
 * single sign-on the account's email typed out), then every row of theirs goes in one database
 * transaction, then the copies of their mail the outbox folder kept. A wrong proof deletes
 * nothing.
 */
export function createAccountDeletionService(deps: { db: Db; mailer: Mailer; logger: DeletionLogger }) {
  const { db } = deps;

  async function assertOwner(userId: string, body: AccountDeleteBody): Promise<string> {
    const account = await findAccountCredentials(db, userId);
    if (!account) throw gone();
    if (account.passwordHash !== null) {
      if (!body.password) throw validationError({ password: [accountDataMessages.passwordRequired] });
      if (!(await verifyPassword(body.password, account.passwordHash))) {
        throw validationError(
          { password: [accountDataMessages.passwordWrong] },
          accountDataMessages.passwordWrong,
        );
      }
      return account.email;
    }
    // No password here to ask for: typing the address is a deliberate act nobody does by a slip.
    if (!body.confirm_email)
      throw validationError({ confirm_email: [accountDataMessages.confirmEmailRequired] });
    if (body.confirm_email.trim().toLowerCase() !== account.email.trim().toLowerCase()) {
      throw validationError(
        { confirm_email: [accountDataMessages.confirmEmailWrong] },
        accountDataMessages.confirmEmailWrong,
      );
    }
    return account.email;
  }

  async function removeEverything(userId: string, email: string): Promise<void> {
    await db.transaction(async (tx) => {
      if (!(await lockAccount(tx, userId))) throw gone();
      await deleteAccountRows(tx, userId, email);
    });
    // Files cannot join the transaction: they go once the rows are gone for certain.
    try {
      await deps.mailer.forget?.(email);
    } catch (error) {
      deps.logger.error({ err: error }, 'removing a deleted account’s mail from the outbox failed');
    }
  }

  return {
    async deleteAccount(userId: string, body: AccountDeleteBody): Promise<void> {
      await removeEverything(userId, await assertOwner(userId, body));
    },

    /** The instance's administrator removes an account: the same removal, with no owner's proof. */
    async deleteAccountForAdministrator(userId: string): Promise<void> {
      const account = await findAccountCredentials(db, userId);
      if (!account) throw gone();
      await removeEverything(userId, account.email);
    },
  };
}

export type AccountDeletionService = ReturnType<typeof createAccountDeletionService>;
