/** Spec §3 "Notification", the fields the panel reads. The contract schema arrives with the alerts issue. */
export interface NotificationItem {
  id: string;
  is_read: boolean;
  created_at: string;
  coin_coingecko_id: string;
}

/** Spec §9: "Notifications: 10 shown, panel height 200". */
export const notificationLimits = { shown: 10, panelHeightPx: 200 } as const;
