/** The shop's logo: the wheel mark and the trade name, linking to the start page. */
import { Link } from 'react-router';
import { WheelMark } from '../../components/ui/icons';
import { t } from '../../i18n/i18n';

/** Logo link to the start page. */
export function Logo({ shopName }: { shopName: string }) {
  return (
    <Link to="/" className="logo" aria-label={t('header.homeLink', { shop: shopName })}>
      <WheelMark />
      <span className="logo__name">{shopName}</span>
    </Link>
  );
}
