import type { User } from '@app/contracts';
import type { UserRow } from '../../db/schema/index.ts';

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    picture: row.picture,
    email_verified: row.emailVerified,
    has_password: row.passwordHash !== null,
    ...(row.isAdmin ? { can_administer: true } : {}),
  };
}
