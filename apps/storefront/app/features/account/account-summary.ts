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
}

/** A logged-out summary. */
export const LOGGED_OUT: AccountSummary = {
  loggedIn: false,
  email: '',
  maxAge: 0,
  canRefresh: false,
};
