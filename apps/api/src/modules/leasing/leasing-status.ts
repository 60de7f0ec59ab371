/**
 * The states of a förmånscykel application and their one Swedish name each (issue 40 point 4:
 * "Väntar på arbetsgivaren", "Väntar på godkännande" and "Väntar på arbetsgivarens godkännande"
 * became one). The storefront (cart confirmation, employer page, Mina sidor), the API's order
 * status names (an order awaiting approval is an application awaiting the employer) and the back
 * office (through the admin API's `statusName`) all read them from here.
 *
 * Pure and free of imports: the storefront imports this file (`@trampa/api/leasing-status`).
 */

/** Application states: waiting for the employer, approved, declined. */
export const LEASING_APPLICATION_STATES = ['awaiting', 'approved', 'declined'] as const;

/** One application state. */
export type LeasingApplicationState = (typeof LEASING_APPLICATION_STATES)[number];

/** The Swedish name of each state, for shoppers, employers and staff alike. */
export const LEASING_STATUS_NAMES: Readonly<Record<LeasingApplicationState, string>> = {
  awaiting: 'Väntar på arbetsgivarens godkännande',
  approved: 'Godkänd av arbetsgivaren',
  declined: 'Avslagen av arbetsgivaren',
};

/** The Swedish name of a state; an unknown value as it is. */
export function leasingStatusName(status: string): string {
  return (LEASING_STATUS_NAMES as Record<string, string>)[status] ?? status;
}
