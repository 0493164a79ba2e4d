// The shared-portfolio contract's constants without its schemas, for pages that need only these.

/* Shared portfolios: an owner opens one portfolio to another account of the instance. */

export const shareRoles = ['viewer', 'editor'] as const;
export type ShareRole = (typeof shareRoles)[number];

/** Who the signed-in person is to a portfolio in their list. */
export const portfolioAccessLevels = ['owner', 'editor', 'viewer'] as const;
export type PortfolioAccess = (typeof portfolioAccessLevels)[number];

export const shareRoleLabels: Record<ShareRole, string> = {
  viewer: 'Viewer: sees the portfolio, its transactions and figures',
  editor: 'Editor: also adds, edits and deletes its transactions',
};

export const shareMessages = {
  shareNotFound: 'Share not found',
  accountNotFound: 'No account on this server has that email or username',
  notYourself: 'This portfolio is already yours',
  alreadyShared: 'Already shared with this account: change its role instead',
  handleRequired: 'Enter the email or username of an account on this server',
  viewOnly: 'This portfolio is shared with you to view: only its owner or an editor can change it',
  ownerOnly: 'Only the owner of this portfolio can do this',
} as const;

export const shareRoutes = {
  shares: (portfolioId: string) => `/v2/portfolios/${portfolioId}/shares/`,
  share: (portfolioId: string, shareId: string) => `/v2/portfolios/${portfolioId}/shares/${shareId}/`,
} as const;
