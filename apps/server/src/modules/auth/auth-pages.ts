import { authLimits, authRoutes } from '@app/contracts';
import { escapeHtml as e } from '../../lib/html.ts';

/** Server-rendered pages for local accounts. No inline script or style: the CSP forbids both. */

export type FieldErrors = Partial<Record<string, string[]>>;

interface PageState {
  csrfToken: string;
  returnTo: string;
  /** A message for the whole form (wrong credentials, rate limit, CSRF). */
  formError?: string;
  notice?: string;
  fieldErrors?: FieldErrors;
  values?: { email?: string; username?: string };
  /** AUTH_MODE=local,oidc: offer the identity provider beside the password form. */
  sso?: boolean;
  /** The sign-up form's invitation token, carried through the form. */
  invitation?: string | undefined;
}

const api = (path: string) => `/api${path}`;

export function authPageLayout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark">
<meta name="referrer" content="strict-origin-when-cross-origin">
<title>${e(title)} · Exit Liquidity</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${api('/auth/assets/auth.css')}">
</head>
<body>
<main>
<div class="brand"><img src="/favicon.svg" alt="" width="28" height="28"><span>Exit Liquidity</span></div>
<div class="card">
${body}
</div>
</main>
</body>
</html>
`;
}

export function formAlerts(state: Pick<PageState, 'formError' | 'notice'>): string {
  return [
    state.notice ? `<p class="notice" role="status">${e(state.notice)}</p>` : '',
    state.formError ? `<p class="alert" role="alert">${e(state.formError)}</p>` : '',
  ].join('');
}

interface FieldSpec {
  name: string;
  label: string;
  type: 'email' | 'text' | 'password';
  autocomplete: string;
  value?: string;
  maxLength: number;
  hint?: string;
}

export function formField(spec: FieldSpec, errors: FieldErrors | undefined): string {
  const messages = errors?.[spec.name] ?? [];
  const describedBy = [spec.hint ? `${spec.name}-hint` : '', messages.length ? `${spec.name}-error` : '']
    .filter(Boolean)
    .join(' ');
  return [
    `<label for="${spec.name}">${e(spec.label)}</label>`,
    `<input id="${spec.name}" name="${spec.name}" type="${spec.type}" autocomplete="${spec.autocomplete}" maxlength="${spec.maxLength}" required`,
    spec.value !== undefined && spec.type !== 'password' ? ` value="${e(spec.value)}"` : '',
    messages.length ? ' aria-invalid="true"' : '',
    describedBy ? ` aria-describedby="${describedBy}"` : '',
    '>',
    spec.hint ? `<p class="hint" id="${spec.name}-hint">${e(spec.hint)}</p>` : '',
    messages.length ? `<p class="field-error" id="${spec.name}-error">${messages.map(e).join(' ')}</p>` : '',
  ].join('');
}

export function hiddenField(name: string, value: string): string {
  return `<input type="hidden" name="${name}" value="${e(value)}">`;
}

export function loginHref(returnTo: string, screenHint?: 'signup', connection?: 'oidc'): string {
  const params = new URLSearchParams({ return_to: returnTo });
  if (screenHint) params.set('screen_hint', screenHint);
  if (connection) params.set('connection', connection);
  return `${api(authRoutes.login)}?${params.toString()}`;
}

function ssoLink(state: PageState, screenHint?: 'signup'): string {
  if (!state.sso) return '';
  const label = screenHint ? 'Sign up with single sign-on' : 'Sign in with single sign-on';
  return `<div class="or"><span>or</span></div>
<a class="button secondary" href="${e(loginHref(state.returnTo, screenHint, 'oidc'))}">${label}</a>
`;
}

export function renderLoginPage(state: PageState): string {
  return authPageLayout(
    'Sign in',
    `<h1>Sign in</h1>
${formAlerts(state)}<form method="post" action="${api(authRoutes.login)}" novalidate>
${hiddenField('csrfmiddlewaretoken', state.csrfToken)}${hiddenField('return_to', state.returnTo)}
${formField({ name: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: state.values?.email ?? '', maxLength: authLimits.emailMax }, state.fieldErrors)}
${formField({ name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', maxLength: authLimits.passwordMax }, state.fieldErrors)}
<button type="submit">Sign in</button>
</form>
${ssoLink(state)}<div class="links">
<a href="${api(authRoutes.passwordResetRequest)}">Forgot password?</a>
<span>New here? <a href="${e(loginHref(state.returnTo, 'signup'))}">Create an account</a></span>
</div>`,
  );
}

export function renderSignupPage(state: PageState): string {
  return authPageLayout(
    'Create an account',
    `<h1>Create an account</h1>
${formAlerts(state)}<form method="post" action="${api(authRoutes.signup)}" novalidate>
${hiddenField('csrfmiddlewaretoken', state.csrfToken)}${hiddenField('return_to', state.returnTo)}${state.invitation ? hiddenField('invitation', state.invitation) : ''}
${formField({ name: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: state.values?.email ?? '', maxLength: authLimits.emailMax }, state.fieldErrors)}
${formField({ name: 'username', label: 'Username', type: 'text', autocomplete: 'username', value: state.values?.username ?? '', maxLength: authLimits.usernameMax }, state.fieldErrors)}
${formField({ name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', maxLength: authLimits.passwordMax, hint: 'At least 10 characters; mix letters with numbers or symbols.' }, state.fieldErrors)}
<button type="submit">Create account</button>
</form>
${ssoLink(state, 'signup')}<div class="links">
<span>Already have an account? <a href="${e(loginHref(state.returnTo))}">Sign in</a></span>
</div>`,
  );
}

export function renderResetRequestPage(state: Omit<PageState, 'returnTo'> & { sent?: boolean }): string {
  if (state.sent) {
    return authPageLayout(
      'Check your email',
      `<h1>Check your email</h1>
<p class="notice" role="status">${e(resetRequestedMessage)}</p>
<div class="links"><a href="${e(loginHref('/'))}">Back to sign in</a></div>`,
    );
  }
  return authPageLayout(
    'Reset your password',
    `<h1>Reset your password</h1>
${formAlerts(state)}<form method="post" action="${api(authRoutes.passwordResetRequest)}" novalidate>
${hiddenField('csrfmiddlewaretoken', state.csrfToken)}
${formField({ name: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: state.values?.email ?? '', maxLength: authLimits.emailMax }, state.fieldErrors)}
<button type="submit">Send reset link</button>
</form>
<div class="links"><a href="${e(loginHref('/'))}">Back to sign in</a></div>`,
  );
}

export function renderResetConfirmPage(state: Omit<PageState, 'returnTo'> & { token: string }): string {
  return authPageLayout(
    'Choose a new password',
    `<h1>Choose a new password</h1>
${formAlerts(state)}<form method="post" action="${api(authRoutes.passwordResetConfirm)}" novalidate>
${hiddenField('csrfmiddlewaretoken', state.csrfToken)}${hiddenField('token', state.token)}
${formField({ name: 'password', label: 'New password', type: 'password', autocomplete: 'new-password', maxLength: authLimits.passwordMax, hint: 'At least 10 characters; mix letters with numbers or symbols.' }, state.fieldErrors)}
<button type="submit">Set new password</button>
</form>`,
  );
}

export function renderMessagePage(
  title: string,
  message: string,
  link: { href: string; label: string },
): string {
  return authPageLayout(
    title,
    `<h1>${e(title)}</h1>
<p class="alert" role="alert">${e(message)}</p>
<div class="links"><a href="${e(link.href)}">${e(link.label)}</a></div>`,
  );
}

export const resetRequestedMessage =
  'If an account exists for that email, we have sent a link to reset the password. The link is valid for 1 hour.';
export const passwordChangedNotice = 'Your password has been changed. Sign in with your new password.';
export const emailVerifiedNotice = 'Your email address is verified.';
