/**
 * The sign-in screens' exact texts (docs/product.md: Screens, Validation, Error messages) and timers. No imports and no
 * logic: the shell's sign-in buttons load this file with every first page (error wording lives in sign-in-errors.ts,
 * loaded with the dialog).
 */
export const SIGN_IN_TEXT = {
  dialogTitle: 'Sign in to continue',
  dialogDescription: 'Sign in to access the bar and save your favorite cocktails.',
  ageLabel: 'I confirm I am of legal drinking age in my jurisdiction.',
  ageRequiredTitle: 'Age verification required',
  ageRequiredBody: 'Please confirm you are of legal drinking age to continue.',
  emailRequiredTitle: 'Email required',
  emailRequiredBody: 'Please enter your email address.',
  checkEmail: 'Check your email',
  tryDifferentEmail: 'Try a different email',
  failedTitle: 'Sign-in failed',
  failedFallback: 'Something went wrong. Please try again.',
  errorPageTitle: 'Sign-in Error',
  startFailed: (provider: string) => `Failed to start ${provider} sign-in. Please try again or contact support.`,
  success: 'Sign-in successful!',
  welcome: 'Welcome to Barback!',
  noSession: 'No session found',
  returnToApp: 'Return to app',
  signIn: 'Sign In',
  signUp: 'Sign Up',
  signOut: 'Sign out',
  signedInAs: 'Signed in as',
} as const;

/** How long the dialog stays open after a magic link was sent, and how long the callback shows success, ms (spec 9). */
export const MAGIC_LINK_DIALOG_CLOSE_MS = 2000;
export const SIGN_IN_SUCCESS_REDIRECT_MS = 2000;
