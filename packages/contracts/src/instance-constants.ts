/*
 * Running the instance: who may sign up, invitations, and the accounts on it. Only an
 * administrator (the first account, and any it promotes) reaches these routes; everyone else is
 * answered 403 and sees none of it.
 */

export const signupModes = ['open', 'invite', 'closed'] as const;
export type SignupMode = (typeof signupModes)[number];

export const signupModeLabels: Readonly<Record<SignupMode, string>> = {
  open: 'Open: anyone who reaches this server can create an account',
  invite: 'By invitation: only with an invitation link',
  closed: 'Closed: no new accounts',
};

/** Days a new invitation link stays valid. */
export const invitationLifetimes = [1, 7, 30] as const;
/** The most accounts one invitation link can create. */
export const invitationMaxUses = 50;

/** Relative to the API base. */
export const instanceRoutes = {
  overview: '/v2/instance/',
  users: '/v2/instance/users/',
  user: (id: string) => `/v2/instance/users/${id}/`,
  disable: (id: string) => `/v2/instance/users/${id}/disable/`,
  enable: (id: string) => `/v2/instance/users/${id}/enable/`,
  promote: (id: string) => `/v2/instance/users/${id}/promote/`,
  invitations: '/v2/instance/invitations/',
  invitation: (id: string) => `/v2/instance/invitations/${id}/`,
} as const;

/** The sign-up page's query parameter that carries an invitation's token. */
export const invitationQueryParam = 'invitation';

export const instanceMessages = {
  signupsClosed: 'Sign-ups are closed on this server. Ask its administrator for an invitation.',
  invitationRequired:
    'This server takes new accounts by invitation only. Open the invitation link you were sent.',
  invitationInvalid:
    'This invitation link is not valid any more: it has expired, been used up or been withdrawn. Ask for a new one.',
  accountDisabled: "This account has been disabled by the server's administrator.",
  notYourself: 'You cannot do this to your own account here. Use Settings → Profile.',
  userNotFound: 'Account not found.',
  invitationNotFound: 'Invitation not found.',
  invitationCreated: 'Copy the link now: it is shown only once.',
} as const;
