import { authLimits, authRoutes } from '@app/contracts';
import { escapeHtml as e } from '../../lib/html.ts';
import { authPageLayout, type FieldErrors, formAlerts, formField, hiddenField } from './auth-pages.ts';

/**
 * The one-time confirmation before single sign-on is bound to an existing password account: the
 * provider vouched for the email, and the password proves the account is the same person's.
 */
export function renderLinkPage(state: {
  csrfToken: string;
  email: string;
  formError?: string;
  fieldErrors?: FieldErrors;
}): string {
  return authPageLayout(
    'Link your account',
    `<h1>Link your account</h1>
<p class="account">Your identity provider confirmed <strong>${e(state.email)}</strong>. An account with this email already exists here.</p>
<p class="hint">Enter that account's password once to link it. After that, single sign-on signs you in.</p>
${formAlerts(state)}<form method="post" action="/api${authRoutes.oidcLink}" novalidate>
${hiddenField('csrfmiddlewaretoken', state.csrfToken)}
${formField({ name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', maxLength: authLimits.passwordMax }, state.fieldErrors)}
<button type="submit">Link and sign in</button>
</form>
<div class="links"><a href="/landing">Cancel</a></div>`,
  );
}
