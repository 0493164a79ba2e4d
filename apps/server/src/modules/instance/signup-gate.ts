import { errorCodes, instanceMessages } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import type { SignupGate } from '../auth/index.ts';
import { findUsableInvitation, readSignupMode, useInvitation, userCounts } from './instance.repository.ts';

const refused = (message: string) => new AppError({ code: errorCodes.forbidden, message });

/** The instance's sign-up mode as the auth module asks it: open, by invitation, or closed. */
export function createSignupGate(deps: { db: Db; clock: Clock }): SignupGate {
  const { db, clock } = deps;
  return {
    async refusal(invitation) {
      const mode = await readSignupMode(db);
      if (mode === 'open') return null;
      // An empty instance takes its first account whatever the setting says.
      if ((await userCounts(db)).total === 0) return null;
      if (mode === 'closed') return instanceMessages.signupsClosed;
      if (!invitation) return instanceMessages.invitationRequired;
      const usable = await findUsableInvitation(db, sha256Hex(invitation), clock());
      return usable ? null : instanceMessages.invitationInvalid;
    },
    async admit(tx, { first, invitation }) {
      if (first) return;
      const mode = await readSignupMode(tx);
      if (mode === 'open') return;
      if (mode === 'closed') throw refused(instanceMessages.signupsClosed);
      if (!invitation) throw refused(instanceMessages.invitationRequired);
      if (!(await useInvitation(tx, sha256Hex(invitation), clock())))
        throw refused(instanceMessages.invitationInvalid);
    },
  };
}
