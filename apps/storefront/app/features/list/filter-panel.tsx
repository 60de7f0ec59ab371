/**
 * The list page's filter panel (issue 14): ONE GET form with the facet checkboxes and the price
 * range that works without JavaScript ("Visa produkter") and navigates on every change with it
 * (focus stays on the control). On phones it is a disclosure (<details>) that starts closed.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Form, useNavigate } from 'react-router';
import { t } from '../../i18n/i18n';
import { useCulture } from '../../market/market-view';
import { useNonce } from '../../security/nonce';
import type { FacetGroup } from './facets';
import type { ListPageData } from './list-page.server';
import { hrefOf } from './list-selection';

/** Id of the filter form: the sort select and the list's submit buttons join it with `form`. */
export const FORM_ID = 'list-filters';

/** Phones: the media query below which the filter panel is a closed disclosure (list.css). */
const PHONE_QUERY = '(max-width: 55.99rem)';

/** Inline script run right after the server-rendered panel: closes it on phones. */
const CLOSE_ON_PHONES = `(function(s){var d=s&&s.previousElementSibling;if(d&&d.tagName==='DETAILS'&&matchMedia('${PHONE_QUERY}').matches)d.open=false})(document.currentScript)`;

/** The GET form: facet checkboxes, price range, submit; auto-submits with JavaScript. */
export function FilterPanel({ data }: { data: ListPageData }) {
  const nonce = useNonce() || undefined;
  const navigate = useNavigate();
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    // Phones: the panel starts closed (without JavaScript it stays open, above the products).
    if (details.current && window.matchMedia(PHONE_QUERY).matches) {
      details.current.open = false;
    }
  }, []);

  const go = (form: HTMLFormElement) => {
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(form)) {
      if (typeof value !== 'string' || value.trim() === '') continue;
      if (key === 'sort' && value === data.defaultSort) continue;
      params.append(key, value);
    }
    void navigate(hrefOf(data.path, params), { preventScrollReset: true });
  };
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    if (target.type === 'number') return; // submitted on Enter or with the button
    go(event.currentTarget);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    go(event.currentTarget);
  };
  if (data.groups.length === 0 && !data.priceRange) {
    return (
      <Form id={FORM_ID} method="get" action={data.path} onChange={onChange} onSubmit={onSubmit} />
    );
  }
  return (
    <>
      <details className="filter-panel" open ref={details} suppressHydrationWarning>
        <summary className="filter-panel__toggle button button--secondary">
          {t('list.filter.title')}
          {data.selection.facets.length > 0 ? ` (${data.selection.facets.length})` : ''}
        </summary>
        <Form
          id={FORM_ID}
          method="get"
          action={data.path}
          className="filter-panel__form"
          onChange={onChange}
          onSubmit={onSubmit}
          aria-label={t('list.filter.title')}
        >
          {data.groups.map((group) => (
            <FacetFieldset key={group.key} group={group} />
          ))}
          {data.priceRange && !data.groups.some((group) => group.type === 'Price') ? (
            <fieldset className="facet facet--range">
              <legend className="facet__legend">{t('list.filter.priceRange')}</legend>
              <div className="facet__range">
                <label>
                  <span>{t('list.filter.from')}</span>
                  <input
                    type="number"
                    name="lowest"
                    inputMode="numeric"
                    min={0}
                    step={1}
                    placeholder={String(data.priceRange.lowest)}
                    defaultValue={data.selection.lowest ?? ''}
                    key={`l${data.selection.lowest}`}
                  />
                </label>
                <label>
                  <span>{t('list.filter.to')}</span>
                  <input
                    type="number"
                    name="highest"
                    inputMode="numeric"
                    min={0}
                    step={1}
                    placeholder={String(data.priceRange.highest)}
                    defaultValue={data.selection.highest ?? ''}
                    key={`h${data.selection.highest}`}
                  />
                </label>
              </div>
            </fieldset>
          ) : null}
          <button type="submit" className="button button--primary filter-panel__submit">
            {t('list.filter.apply')}
          </button>
        </Form>
      </details>
      {/* Closes the panel on phones before the products are painted (no layout shift when the
          effect above would close it after hydration); the effect covers client navigations. */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: CLOSE_ON_PHONES }} />
    </>
  );
}

/** One facet group as a fieldset of checkboxes with counts. */
function FacetFieldset({ group }: { group: FacetGroup }) {
  const [expanded, setExpanded] = useState(false);
  const culture = useCulture();
  const LIMIT = 8;
  const long = group.options.length > LIMIT + 2;
  const shown =
    long && !expanded ? group.options.filter((o, i) => i < LIMIT || o.selected) : group.options;
  return (
    <fieldset className="facet">
      <legend className="facet__legend">{group.label}</legend>
      <ul className="facet__options">
        {shown.map((option) => (
          <li
            key={option.facetId}
            className={option.depth ? `facet__item--depth-${Math.min(option.depth, 3)}` : undefined}
          >
            <label
              className={
                option.count === 0 && !option.selected
                  ? 'facet__option facet__option--empty'
                  : 'facet__option'
              }
            >
              <FacetCheckbox
                name={group.key}
                value={`${option.label}~${option.facetId}`}
                selected={option.selected}
              />
              <span className="facet__label">{option.label}</span>
              <span className="facet__count">
                <span className="sr-only">, </span>
                {t('list.filter.count', { count: option.count }, culture)}
              </span>
            </label>
          </li>
        ))}
      </ul>
      {long ? (
        <button
          type="button"
          className="facet__more"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded
            ? t('list.filter.showFewer')
            : t('list.filter.showAll', { count: group.options.length }, culture)}
        </button>
      ) : null}
    </fieldset>
  );
}

/**
 * A facet checkbox. Uncontrolled (the shopper's click shows at once and focus stays while the
 * next list loads); when the URL changes otherwise (back button, chips) it follows the data.
 */
function FacetCheckbox({
  name,
  value,
  selected,
}: {
  name: string;
  value: string;
  selected: boolean;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.checked = selected;
  }, [selected]);
  return <input ref={ref} type="checkbox" name={name} value={value} defaultChecked={selected} />;
}
