/**
 * One radio option drawn as a card (`.choice` in styles/base.css, issue 14): the checkout's
 * customer type, delivery, store and payment options. The whole card is the radio's `<label>`,
 * so a click anywhere on it selects it, the radio keeps its native keyboard use (arrow keys
 * within the group, Space) and focus ring, and its accessible name is the card's text (the
 * label, its hints, the price).
 */
import type { ReactNode } from 'react';

/** Props of {@link ChoiceCard}. */
export interface ChoiceCardProps {
  /** The radio group's form field name, e.g. `shippingId`. */
  name: string;
  /** The value posted when this option is chosen. */
  value: string | number;
  /** Chosen when the page is drawn (uncontrolled). */
  defaultChecked?: boolean;
  /** The radio's id: the first option of a group carries the id the error summary links to. */
  id?: string | undefined;
  /** The group has an error: `aria-invalid` on the radio. */
  invalid?: boolean;
  /** The checkout saves the form when this radio changes (`data-autosave`). */
  autosave?: boolean;
  /** Shown at the card's right edge, e.g. the fee `49 kr`. */
  price?: ReactNode;
  /**
   * Ids of the card's parts that name the radio (`aria-labelledby`), when the whole card would
   * be too long a name (a pickup point: its name and distance); the rest then describes it.
   */
  labelledBy?: string;
  /** Ids of the card's parts that describe the radio (`aria-describedby`). */
  describedBy?: string;
  /** The option's label and hints (each hint a `.field__hint`). */
  children: ReactNode;
}

/** A radio option as a card: radio, label and hints, and an optional price. */
export function ChoiceCard({
  name,
  value,
  defaultChecked,
  id,
  invalid,
  autosave,
  price,
  labelledBy,
  describedBy,
  children,
}: ChoiceCardProps) {
  return (
    <label className="choice">
      <input
        id={id}
        type="radio"
        name={name}
        value={value}
        defaultChecked={defaultChecked}
        aria-invalid={invalid ? true : undefined}
        data-autosave={autosave ? true : undefined}
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
      />
      <span className="choice__main">{children}</span>
      {price !== undefined ? <span className="choice__price">{price}</span> : null}
    </label>
  );
}
