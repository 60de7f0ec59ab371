/**
 * The footer of the default layout (issue 16: its links are the API's menus): customer service
 * (contact details and the `footer-first` menu), the shop's links (the main menu's top level:
 * categories, news, brands, sale), about the shop (the `footer-second` menu and the top bar's
 * selling points), the newsletter sign-up (issue 17), copyright.
 */
import { Link } from 'react-router';
import { internationalPhone, type SellerIdentity } from '@trampa/api/seller';
import { CONSENT_SETTINGS_PATH } from '../consent/consent-banner';
import { t } from '../../i18n/i18n';
import { MenuItemLink } from './menu-link';
import type { LayoutMenus, MenuLink } from './menus';
import { NewsletterForm } from '../newsletter/newsletter-form';

function LinkList({ items }: { items: MenuLink[] }) {
  return (
    <ul className="site-footer__links">
      {items.map((item) => (
        <li key={item.id}>
          <MenuItemLink item={item} />
        </li>
      ))}
    </ul>
  );
}

/**
 * Site footer. Customer service's phone and e-mail are the seller's (SHOP_PHONE, SHOP_EMAIL;
 * issue 40 §2), each left out when unset (production without it).
 */
export function SiteFooter({
  shopName,
  seller,
  menus,
  year,
}: {
  shopName: string;
  seller: SellerIdentity | null;
  menus: LayoutMenus;
  year: number;
}) {
  const phone = seller?.phone ?? null;
  const email = seller?.email ?? null;
  return (
    <footer className="site-footer">
      <div className="site-footer__grid container">
        <section aria-labelledby="footer-service">
          <h2 id="footer-service">{menus.footerFirst.title ?? t('footer.customerService')}</h2>
          {phone || email ? (
            <dl className="site-footer__contact">
              {phone ? (
                <>
                  <dt>{t('footer.phone')}</dt>
                  <dd>
                    <a href={`tel:${internationalPhone(phone)}`}>{phone}</a>
                  </dd>
                </>
              ) : null}
              {email ? (
                <>
                  <dt>{t('footer.email')}</dt>
                  <dd>
                    <a href={`mailto:${email}`}>{email}</a>
                  </dd>
                </>
              ) : null}
            </dl>
          ) : null}
          <p>{t('footer.openingHours')}</p>
          {menus.footerFirst.items.length > 0 ? (
            <nav aria-label={menus.footerFirst.title ?? t('footer.customerService')}>
              <LinkList items={menus.footerFirst.items} />
            </nav>
          ) : null}
        </section>
        <nav aria-labelledby="footer-shop">
          <h2 id="footer-shop">{t('footer.shop')}</h2>
          <LinkList items={menus.main.items} />
        </nav>
        <section aria-labelledby="footer-about">
          <h2 id="footer-about">
            {menus.footerSecond.title ?? t('footer.about', { shop: shopName })}
          </h2>
          <p>{t('footer.aboutText')}</p>
          {menus.footerSecond.items.length > 0 ? (
            <nav aria-label={menus.footerSecond.title ?? t('footer.about', { shop: shopName })}>
              <LinkList items={menus.footerSecond.items} />
            </nav>
          ) : null}
          {menus.topBar.items.length > 0 ? (
            <ul className="site-footer__promises">
              {menus.topBar.items.map((item) => (
                <li key={item.id}>{item.label}</li>
              ))}
            </ul>
          ) : null}
        </section>
        <NewsletterForm shopName={shopName} />
      </div>
      <p className="site-footer__copyright container">
        {t('footer.copyright', { year, shop: shopName })}{' '}
        <Link to={CONSENT_SETTINGS_PATH} className="site-footer__cookies">
          {t('footer.cookieSettings')}
        </Link>
      </p>
    </footer>
  );
}
