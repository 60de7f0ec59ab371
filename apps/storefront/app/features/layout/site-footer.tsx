/**
 * The footer of the default layout: customer service, category links with the news, brands and
 * sale lists, about, the newsletter sign-up (issue 17), copyright.
 */
import { Link } from 'react-router';
import { t } from '../../i18n/i18n';
import { useFreeShippingText } from '../../market/market-view';
import type { CategoryNode } from './category-tree';
import { contact } from './contact';
import { MENU_LISTS } from './main-menu';
import { NewsletterForm } from '../newsletter/newsletter-form';

/** Site footer. */
export function SiteFooter({
  shopName,
  categories,
  year,
}: {
  shopName: string;
  categories: CategoryNode[];
  year: number;
}) {
  const freeShipping = useFreeShippingText();
  return (
    <footer className="site-footer">
      <div className="site-footer__grid container">
        <section aria-labelledby="footer-service">
          <h2 id="footer-service">{t('footer.customerService')}</h2>
          <dl className="site-footer__contact">
            <dt>{t('footer.phone')}</dt>
            <dd>
              <a href={contact.phoneHref}>{contact.phoneDisplay}</a>
            </dd>
            <dt>{t('footer.email')}</dt>
            <dd>
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </dd>
          </dl>
          <p>{t('footer.openingHours')}</p>
        </section>
        <nav aria-labelledby="footer-shop">
          <h2 id="footer-shop">{t('footer.shop')}</h2>
          <ul className="site-footer__links">
            {categories.map((category) => (
              <li key={category.id}>
                <Link to={category.url}>{category.name}</Link>
              </li>
            ))}
            {MENU_LISTS.map((item) => (
              <li key={item.path}>
                <Link to={item.path}>{t(item.label)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-about">
          <h2 id="footer-about">{t('footer.about', { shop: shopName })}</h2>
          <p>{t('footer.aboutText')}</p>
          <ul className="site-footer__promises">
            {freeShipping ? <li>{freeShipping}</li> : null}
            <li>{t('topBar.delivery')}</li>
            <li>{t('topBar.returns')}</li>
          </ul>
        </section>
        <NewsletterForm shopName={shopName} />
      </div>
      <p className="site-footer__copyright container">
        {t('footer.copyright', { year, shop: shopName })}
      </p>
    </footer>
  );
}
