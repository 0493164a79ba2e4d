export { AppearanceSettingsPage } from './appearance-settings-page';
export { NotificationsSettingsPage } from './notifications-settings-page';
export { ProfileSettingsPage } from './profile-settings-page';
export { SettingsIndexPage } from './settings-index-page';
export { SubscriptionSettingsPage } from './subscription-settings-page';
