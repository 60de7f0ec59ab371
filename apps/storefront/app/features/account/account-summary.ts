/** The login state every page knows (root loader data `account`), for the header and the timer. */

/** Login state of the request. */
export interface AccountSummary {
  loggedIn: boolean;
  /** The username (e-mail), '' when logged out. */
  email: string;
  /** Seconds the current token still lives (0 when logged out). */
  maxAge: number;
  /** True when a refresh token exists (a loginToken session has none). */
  canRefresh: boolean;
  /**
   * True in a support session: a staff user logged in as the customer from the back office
   * ("Du är inloggad som en annan användare", issue 41); every page shows the banner with
   * "Avsluta supportsessionen" (support-session-banner.tsx).
   */
  supportSession: boolean;
}

/** A logged-out summary. */
export const LOGGED_OUT: AccountSummary = {
  loggedIn: false,
  email: '',
  maxAge: 0,
  canRefresh: false,
  supportSession: false,
};
