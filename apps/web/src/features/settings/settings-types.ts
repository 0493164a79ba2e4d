/** The slice of the signed-in user the settings pages show; the app layer passes it in. */
export interface SettingsUser {
  username: string;
  email: string;
  picture: string | null;
  email_verified: boolean | null;
  /** False for a single sign-on account (no local password to change). */
  has_password?: boolean;
}
