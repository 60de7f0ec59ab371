/**
 * Renders a widget area (issue 16): containers as rows whose layout (full, half, third, quarter)
 * sets each widget's share, widgets by kind. Images of the first row load eagerly (the hero or
 * top banner, likely the LCP element), all others lazily; every image has width and height, so
 * nothing shifts. Rich text arrives sanitised from the server. A widget for one device only
 * (`device`) is in the HTML for both and hidden on the other by a media query (widgets.css,
 * `only-desktop` / `only-mobile`): no device guessing on the server, nothing moves after load,
 * and a lazy image in a hidden widget is never fetched.
 */
import { Link, useRouteLoaderData } from 'react-router';
import { t } from '../../i18n/i18n';
import type { RootData } from '../../root';
import { CategoryEntries } from '../home/category-entries';
import { Hero } from '../home/hero';
import { SectionHeader } from '../home/section-header';
import { ProductGrid } from '../product/product-card';
import type {
  AreaView,
  BrandLinkView,
  ContainerView,
  WidgetImageView,
  WidgetView,
} from './widget-view';

/** True for a link out of the shop (opened as usual, with rel=noopener). */
function isExternal(href: string): boolean {
  return /^https:/i.test(href);
}

/** A link to a shop path or an external URL. */
function SmartLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: React.ReactNode;
}) {
  if (href.startsWith('/')) {
    return (
      <Link to={href} className={className} prefetch="intent">
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={className} rel={isExternal(href) ? 'noopener noreferrer' : undefined}>
      {children}
    </a>
  );
}

function WidgetImage({ image, eager }: { image: WidgetImageView; eager: boolean }) {
  return (
    <img
      className="widget-image"
      src={image.src}
      width={image.width}
      height={image.height}
      alt={image.alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
    />
  );
}

function Widget({ widget, eager }: { widget: WidgetView; eager: boolean }) {
  switch (widget.kind) {
    case 'hero':
      return <Hero {...widget} />;
    case 'category-entries':
      return <RootCategoryEntries />;
    case 'brand-strip':
      return <BrandStrip id={widget.id} title={widget.title} brands={widget.brands} />;
    case 'banner':
      return (
        <article className="widget-banner">
          {widget.image ? <WidgetImage image={widget.image} eager={eager} /> : null}
          <div className="widget-banner__text">
            {widget.title ? <h2 className="widget-banner__title">{widget.title}</h2> : null}
            {widget.text ? <p>{widget.text}</p> : null}
            {widget.href && widget.buttonText ? (
              <SmartLink href={widget.href} className="button button--primary">
                {widget.buttonText}
              </SmartLink>
            ) : null}
          </div>
        </article>
      );
    case 'image':
      return widget.href ? (
        <SmartLink href={widget.href}>
          <WidgetImage image={widget.image} eager={eager} />
        </SmartLink>
      ) : (
        <WidgetImage image={widget.image} eager={eager} />
      );
    case 'html':
      return (
        <div className="widget-text">
          {widget.title ? <h2>{widget.title}</h2> : null}
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: widget.html }} />
        </div>
      );
    case 'buttons':
      return (
        <p className="widget-buttons">
          {widget.buttons.map((button) => (
            <SmartLink
              key={button.href + button.text}
              href={button.href}
              className={`button button--${button.style}`}
            >
              {button.text}
            </SmartLink>
          ))}
        </p>
      );
    case 'video':
      return (
        <figure className="widget-video">
          <video
            controls
            preload="none"
            src={widget.src}
            poster={widget.poster ?? undefined}
            width={1280}
            height={720}
          />
          {widget.title ? <figcaption>{widget.title}</figcaption> : null}
        </figure>
      );
    case 'products':
      return widget.products.length > 0 ? <ProductListWidget widget={widget} /> : null;
  }
}

function ProductListWidget({ widget }: { widget: Extract<WidgetView, { kind: 'products' }> }) {
  const id = `widget-${widget.id}`;
  return (
    <section className="widget-products" aria-labelledby={id}>
      {widget.link ? (
        <SectionHeader id={id} title={widget.title} to={widget.link.href} what={widget.link.what} />
      ) : (
        <h2 id={id} className="section__title">
          {widget.title}
        </h2>
      )}
      <ProductGrid products={widget.products} />
    </section>
  );
}

/** The brand strip: brand names as links to their pages (`/b/{alias}`), one row that wraps. */
function BrandStrip({ id, title, brands }: { id: string; title: string; brands: BrandLinkView[] }) {
  const headingId = `widget-${id}`;
  return (
    <section
      className="widget-brands"
      {...(title ? { 'aria-labelledby': headingId } : { 'aria-label': t('brands.title') })}
    >
      {title ? (
        <h2 id={headingId} className="section__title">
          {title}
        </h2>
      ) : null}
      <ul className="widget-brands__list">
        {brands.map((brand) => (
          <li key={brand.href}>
            <Link to={brand.href} className="widget-brands__link" prefetch="intent">
              {brand.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The class that hides a widget on the other device (widgets.css), or none. */
function deviceClass(widget: WidgetView): string {
  return widget.device ? ` only-${widget.device}` : '';
}

/** The root categories as tiles (the start page's "category-entries" JSON widget). */
function RootCategoryEntries() {
  const root = useRouteLoaderData<RootData>('root');
  return <CategoryEntries categories={root?.categories ?? []} />;
}

function Container({ container, first }: { container: ContainerView; first: boolean }) {
  const fullBleed = container.widgets.some(
    (w) => w.kind === 'hero' || w.kind === 'category-entries',
  );
  if (fullBleed) {
    return (
      <>
        {container.widgets.map((widget) =>
          widget.device ? (
            <div key={widget.id} className={deviceClass(widget).trim()}>
              <Widget widget={widget} eager={first} />
            </div>
          ) : (
            <Widget key={widget.id} widget={widget} eager={first} />
          ),
        )}
      </>
    );
  }
  return (
    <div
      className={`section container widget-row widget-row--${container.layout} widget-row--${container.design}`}
    >
      {container.widgets.map((widget) => (
        <div key={widget.id} className={`widget-row__cell${deviceClass(widget)}`}>
          <Widget widget={widget} eager={first} />
        </div>
      ))}
    </div>
  );
}

/**
 * A widget area's rows in order. `eager` (default true) loads the first row's images at once:
 * false for an area below the fold (a list page's bottom area).
 */
export function WidgetArea({ area, eager = true }: { area: AreaView; eager?: boolean }) {
  return (
    <>
      {area.containers.map((container, index) => (
        <Container key={container.id} container={container} first={eager && index === 0} />
      ))}
    </>
  );
}
