/**
 * A start-page section's heading with its "Visa alla" link to the whole list (issue 14: every
 * list is reachable by clicking). The link's accessible name says which list ("Visa alla
 * nyheter") and begins with its visible text (WCAG 2.5.3 label in name).
 */
import { Link } from 'react-router';
import { ChevronRightIcon } from '../../components/ui/icons';
import { t } from '../../i18n/i18n';

/** Heading `title` (id `id`) and a link to `to`; `what` completes "Visa alla …" for screen readers. */
export function SectionHeader({
  id,
  title,
  to,
  what,
}: {
  id: string;
  title: string;
  to: string;
  what: string;
}) {
  return (
    <div className="section__header">
      <h2 id={id} className="section__title">
        {title}
      </h2>
      <Link to={to} className="section__more" prefetch="intent">
        {t('home.showAll')}
        <span className="sr-only"> {what}</span>
        <ChevronRightIcon width="18" height="18" />
      </Link>
    </div>
  );
}
