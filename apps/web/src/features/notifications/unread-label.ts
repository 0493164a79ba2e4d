/** The badge's accessible text (user menu and Alerts panel). */
export const unreadLabel = (n: number) => `${n} unread notification${n === 1 ? '' : 's'}`;
