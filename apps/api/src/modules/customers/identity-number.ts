/**
 * Swedish identity numbers (SPEC §5): personnummer for private persons, organisationsnummer for
 * companies, checked with the `personnummer` and `organisationsnummer` packages (checksum, date).
 * Pure functions, shared by the API and the storefront's server actions.
 */
import Organisationsnummer from 'organisationsnummer';
import Personnummer from 'personnummer';

/** A valid personnummer as 12 digits (YYYYMMDDNNNN), or null. */
export function normalizePersonnummer(value: string): string | null {
  const trimmed = value.trim();
  return Personnummer.valid(trimmed) ? Personnummer.parse(trimmed).format(true) : null;
}

/** A valid organisationsnummer as NNNNNN-NNNN, or null. */
export function normalizeOrganisationsnummer(value: string): string | null {
  const trimmed = value.trim();
  return Organisationsnummer.valid(trimmed)
    ? Organisationsnummer.parse(trimmed).format(true)
    : null;
}
