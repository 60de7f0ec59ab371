/**
 * The route table, mirroring SPEC §2 (Swedish paths, no locale prefix). Pages of later issues
 * (search, brands, campaigns, favourites, checkout, account, content) are added here as they
 * arrive; until then their paths fall through to the 404 page.
 */
import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

export default [
  layout('layouts/default.tsx', [
    index('routes/home.tsx'),
    // Category list: /c/{category}, /c/(.*)/{category} and /list/{category}.
    route('c/*', 'routes/category.tsx', { id: 'category' }),
    // /list/{alias}: a category, brand, campaign or list by alias (redirect), else a search.
    route('list/:alias', 'routes/list-alias.tsx', { id: 'list-alias' }),
    // Product: /p/{alias} with up to three segments before the alias, and /product/{alias}.
    route('p/*', 'routes/product.tsx', { id: 'product' }),
    route('product/:alias', 'routes/product.tsx', { id: 'product-alias' }),
    // The header's search form without JavaScript: /s?q=term -> /s/{term}.
    route('s', 'routes/search-form.tsx'),
    // Market picker without JavaScript (the header opens it as a dialog) and the customer type.
    route('marknad', 'routes/market.tsx', { id: 'market' }),
    route('kundtyp', 'routes/customer-type.tsx', { id: 'customer-type' }),
    // Account (issue 7): entry with login and registration, password reset, logout, refresh,
    // the GDPR export and the guarded account pages (SPEC §2).
    route('account', 'routes/account.tsx', { id: 'account' }),
    route('account/reset-password', 'routes/account-reset-password.tsx'),
    route('account/logout', 'routes/account-logout.tsx'),
    // "Avsluta supportsessionen" of the support-session banner (issue 41).
    route('account/avsluta-support', 'routes/account-support-end.tsx'),
    route('account/inloggningslank', 'routes/account-login-token.tsx'),
    route('account/refresh', 'routes/account-refresh.tsx'),
    route('mina-sidor/mina-uppgifter.json', 'routes/account-export.tsx'),
    layout('routes/account-pages.tsx', [
      route('mina-sidor/ordrar', 'routes/account-orders.tsx'),
      route('mina-sidor/installningar', 'routes/account-settings.tsx'),
      route('mina-sidor/saldo', 'routes/account-balance.tsx'),
    ]),
    // Cart (issue 6): the page with its form actions and the item count for the header (JSON).
    route('varukorg', 'routes/cart.tsx', { id: 'cart' }),
    route('varukorg/antal', 'routes/cart-count.tsx', { id: 'cart-count' }),
    // Product lists (issue 5): brand, discount campaign, generic list, search, news, the brands
    // index and favourites (its action toggles one), and the search box's suggestions (JSON).
    route('b/*', 'routes/brand.tsx', { id: 'brand' }),
    route('dc/*', 'routes/campaign.tsx', { id: 'campaign' }),
    route('l/*', 'routes/generic-list.tsx', { id: 'generic-list' }),
    route('s/:search', 'routes/search.tsx', { id: 'search' }),
    route('nyheter', 'routes/news.tsx', { id: 'news' }),
    route('varumarken', 'routes/brands.tsx', { id: 'brands' }),
    route('favoriter', 'routes/favorites.tsx', { id: 'favorites' }),
    route('sok/forslag', 'routes/search-suggestions.tsx', { id: 'search-suggestions' }),
    // Content (issue 16): /content/{alias}, the widget preview; /{alias} is the catch-all below.
    route('content/:alias', 'routes/content.tsx', { id: 'content' }),
    route('preview-widgets', 'routes/preview-widgets.tsx', { id: 'preview-widgets' }),
    // Engagement (issue 17): the "Bevaka" form's action and the back-in-stock mail's unsubscribe.
    route('bevaka', 'routes/back-in-stock.tsx', { id: 'back-in-stock' }),
    route('bevaka/avsluta', 'routes/back-in-stock-unsubscribe.tsx', {
      id: 'back-in-stock-unsubscribe',
    }),
    route('recension', 'routes/product-review.tsx', { id: 'product-review' }),
    route('nyhetsbrev', 'routes/newsletter.tsx', { id: 'newsletter' }),
    route('nyhetsbrev/bekrafta', 'routes/newsletter-confirm.tsx', { id: 'newsletter-confirm' }),
    route('nyhetsbrev/avsluta', 'routes/newsletter-unsubscribe.tsx', {
      id: 'newsletter-unsubscribe',
    }),
    // The physical stores with addresses, opening hours and Store JSON-LD (issue 20).
    route('butiker', 'routes/stores.tsx', { id: 'stores' }),
    // Förmånscykel (issue 21): the leasing cart, the application, its confirmation (issue 40)
    // and the employer's page.
    route('formanscykel/varukorg', 'routes/leasing-cart.tsx', { id: 'leasing-cart' }),
    route('formanscykel/ansokan', 'routes/leasing-application.tsx', { id: 'leasing-application' }),
    route('formanscykel/ansokan/skickad', 'routes/leasing-receipt.tsx', { id: 'leasing-receipt' }),
    route('formanscykel/arbetsgivare', 'routes/leasing-employer.tsx', { id: 'leasing-employer' }),
    // Cookie consent (issue 19): the settings page and the action of the banner's form.
    route('cookieinstallningar', 'routes/cookie-settings.tsx', { id: 'cookie-settings' }),
    route('404', 'routes/not-found.tsx', { id: 'not-found' }),
    // A content page by alias (/kopvillkor, /om-oss); anything else: the 404 page with status 404.
    route('*', 'routes/content.tsx', { id: 'catch-all' }),
  ]),
  // Checkout (issue 6) in the undistracted layout: /kassan, the confirmation and the page after a
  // failed payment (the payment sandbox's own pages are served by the API at /payments/*).
  layout('layouts/undistracted.tsx', [
    route('kassan', 'routes/checkout.tsx', { id: 'checkout' }),
    route('checkout/confirm', 'routes/checkout-confirm.tsx', { id: 'checkout-confirm' }),
    route('checkout/klarna-fail', 'routes/checkout-fail.tsx', { id: 'checkout-klarna-fail' }),
  ]),
] satisfies RouteConfig;
