/**
 * Delivery promises as working days (issue 43; ADR 020 §6): nShift's `deliveryTime` is a bare
 * number or range of working days ("1-3", "2"); other providers' promises are texts. One rule for
 * which promise is a day range; each reader words it in its language (the storefront with its
 * ICU message `checkout.shipping.workdays`, the shop's Swedish documents with
 * {@link swedishPromise}).
 */

/** A promise read as working days: `days` as shown ("1–3", en dash), `count` for the plural. */
export interface WorkingDays {
  days: string;
  /** 2 for a range (always plural, "0–1 vardagar"), else the single number. */
  count: number;
}

/** `promise` as working days when it is a number or a range of at most two digits, else null. */
export function workingDaysOf(promise: string | null | undefined): WorkingDays | null {
  const range = /^(\d{1,2})(?:\s*[-–]\s*(\d{1,2}))?$/.exec(promise?.trim() ?? '');
  if (!range) return null;
  return range[2]
    ? { days: `${range[1]}–${range[2]}`, count: 2 }
    : { days: range[1]!, count: Number(range[1]) };
}

/**
 * A promise in Swedish for the back office, the e-mails and the packing slip: "1–3 vardagar",
 * "1 vardag", any other text trimmed as it is; null for none.
 */
export function swedishPromise(promise: string | null | undefined): string | null {
  const text = promise?.trim() ?? '';
  if (text === '') return null;
  const days = workingDaysOf(text);
  if (!days) return text;
  return `${days.days} ${days.count === 1 ? 'vardag' : 'vardagar'}`;
}
