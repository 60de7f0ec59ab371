/**
 * The header's search box: a GET form that works without JavaScript (`/s?q=term`, which the
 * server redirects to `/s/{term}`), enhanced into a WAI-ARIA 1.2 combobox with a listbox popup:
 * - typing (debounced 150 ms) loads products, categories and brands from `/sok/forslag`;
 * - an empty box shows recent searches (this browser, localStorage) and popular searches;
 * - ArrowDown/ArrowUp move through the options (aria-activedescendant), Enter opens the active
 *   option or searches, Escape closes the popup (a second Escape clears the text);
 * - Tab moves to "Visa alla … träffar" in the popup (it stays open while focus is in the box or
 *   the popup; Escape there goes back to the box);
 * - a polite live region announces how many suggestions there are.
 */
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { useFetcher, useNavigate } from 'react-router';
import { SearchIcon } from '../../components/ui/icons';
import { t } from '../../i18n/i18n';
import { useCulture } from '../../market/market-view';
import { searchPath } from '../../routing/paths';
import { productImageUrl } from '../product/image-url';
import { readRecent, rememberSearch, type Suggestions } from '../search/suggestions';

/** Delay between the last key and the request, milliseconds. */
export const SUGGEST_DELAY_MS = 150;

interface Option {
  id: string;
  group: 'recent' | 'popular' | 'products' | 'categories' | 'brands';
  label: string;
  detail?: string;
  image?: string | null;
  /** Where choosing it goes. */
  href: string;
  /** For searches: the term stored as recent. */
  term?: string;
}

const GROUP_LABELS: Record<Option['group'], Parameters<typeof t>[0]> = {
  recent: 'search.recent',
  popular: 'search.popular',
  products: 'search.products',
  categories: 'search.categories',
  brands: 'search.brands',
};

/** Product search form of the header. */
export function SearchForm() {
  const navigate = useNavigate();
  const culture = useCulture();
  const id = useId();
  const listboxId = `${id}-listbox`;
  const fetcher = useFetcher<Suggestions>();
  const input = useRef<HTMLInputElement>(null);
  const field = useRef<HTMLDivElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState<string[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const query = text.trim();
  const data = fetcher.data;
  const options = useMemo<Option[]>(() => {
    if (!query) {
      const popular = (data?.query === '' ? data.popular : []).filter(
        (p) => !recent.some((r) => r.toLowerCase() === p.toLowerCase()),
      );
      return [
        ...recent.map((term, i) => ({
          id: `${id}-r${i}`,
          group: 'recent' as const,
          label: term,
          href: searchPath(term),
          term,
        })),
        ...popular.map((term, i) => ({
          id: `${id}-p${i}`,
          group: 'popular' as const,
          label: term,
          href: searchPath(term),
          term,
        })),
      ];
    }
    if (!data || data.query.toLowerCase() !== query.slice(0, 100).toLowerCase()) return [];
    return [
      ...data.products.map((p, i) => ({
        id: `${id}-x${i}`,
        group: 'products' as const,
        label: p.name,
        detail: [p.brand, p.price].filter(Boolean).join(' · '),
        image: p.imageFileName,
        href: p.url,
      })),
      ...data.categories.map((c, i) => ({
        id: `${id}-c${i}`,
        group: 'categories' as const,
        label: c.name,
        href: c.url,
      })),
      ...data.brands.map((b, i) => ({
        id: `${id}-b${i}`,
        group: 'brands' as const,
        label: b.name,
        href: b.url,
      })),
    ];
  }, [query, data, recent, id]);

  useEffect(() => () => clearTimeout(timer.current), []);

  // Text typed before the page's scripts ran (they load after the first paint, issue 23) is kept:
  // it becomes the query, and its suggestions open while the box still has focus.
  useEffect(() => {
    const element = input.current;
    if (!element?.value) return;
    setText(element.value);
    if (document.activeElement !== element) return;
    setRecent(readRecent());
    setOpen(true);
    load(element.value);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after hydration
  }, []);

  const load = (value: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void fetcher.load(`/sok/forslag?q=${encodeURIComponent(value.trim().slice(0, 100))}`);
    }, SUGGEST_DELAY_MS);
  };

  const show = () => {
    setRecent(readRecent());
    setOpen(true);
    if (!query && fetcher.data?.query !== '') load('');
  };

  const search = (term: string) => {
    const clean = term.trim();
    if (!clean) return;
    rememberSearch(clean);
    setOpen(false);
    setActive(-1);
    void navigate(searchPath(clean.slice(0, 100)));
  };

  const choose = (option: Option) => {
    if (option.term) rememberSearch(option.term);
    else if (query) rememberSearch(query);
    setOpen(false);
    setActive(-1);
    if (option.term) setText(option.term);
    void navigate(option.href);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (open && active >= 0 && options[active]) choose(options[active]);
    else search(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) show();
        setActive((i) => (options.length === 0 ? -1 : (i + 1) % options.length));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) show();
        setActive((i) => (options.length === 0 ? -1 : i <= 0 ? options.length - 1 : i - 1));
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (text) {
          event.preventDefault();
          setText('');
        }
        break;
      default:
        break;
    }
  };

  /**
   * Closes the popup when focus leaves the box and the popup: Tab from the box to "Visa alla …
   * träffar" keeps it open (the link lives in it), Tab onwards from the link closes it.
   */
  const closeUnlessInside = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && field.current?.contains(next)) return;
    setOpen(false);
    setActive(-1);
  };

  const expanded = open && options.length > 0;
  const activeOption = expanded && active >= 0 ? options[active] : undefined;
  const announcement = !open
    ? ''
    : query
      ? data && data.query.toLowerCase() === query.slice(0, 100).toLowerCase()
        ? t('search.suggestionCount', { count: options.length }, culture)
        : ''
      : options.length > 0
        ? t('search.suggestionCount', { count: options.length }, culture)
        : '';

  const groups: Array<{
    name: Option['group'];
    options: Array<{ option: Option; index: number }>;
  }> = [];
  options.forEach((option, index) => {
    const last = groups.at(-1);
    if (last && last.name === option.group) last.options.push({ option, index });
    else groups.push({ name: option.group, options: [{ option, index }] });
  });
  return (
    <form className="search-form" role="search" action="/s" method="get" onSubmit={onSubmit}>
      <label htmlFor={id} className="sr-only">
        {t('header.search.label')}
      </label>
      <div className="search-form__field" ref={field}>
        <input
          ref={input}
          id={id}
          className="search-form__input"
          type="search"
          name="q"
          required
          maxLength={100}
          autoComplete="off"
          enterKeyHint="search"
          placeholder={t('header.search.placeholder')}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={activeOption?.id}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(-1);
            setOpen(true);
            load(event.target.value);
          }}
          onFocus={show}
          onBlur={closeUnlessInside}
          onKeyDown={onKeyDown}
        />
        <div className="search-suggestions" hidden={!expanded}>
          <ul id={listboxId} role="listbox" aria-label={t('search.suggestions')}>
            {groups.map((group) => (
              <li key={group.name} role="presentation">
                <span id={`${id}-${group.name}`} className="search-suggestions__heading">
                  {t(GROUP_LABELS[group.name])}
                </span>
                <ul role="group" aria-labelledby={`${id}-${group.name}`}>
                  {group.options.map(({ option, index }) => (
                    <li
                      key={option.id}
                      id={option.id}
                      role="option"
                      aria-selected={index === active}
                      className="search-suggestions__option"
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => choose(option)}
                    >
                      {option.group === 'products' ? (
                        <span className="search-suggestions__image" aria-hidden="true">
                          {option.image ? (
                            <img
                              src={productImageUrl(option.image, '400x400')}
                              alt=""
                              width={40}
                              height={40}
                              loading="lazy"
                            />
                          ) : null}
                        </span>
                      ) : null}
                      <span className="search-suggestions__text">
                        <span className="search-suggestions__label">{option.label}</span>
                        {option.detail ? (
                          <span className="search-suggestions__detail">{option.detail}</span>
                        ) : null}
                      </span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          {query && data && data.count > data.products.length ? (
            <a
              className="search-suggestions__all"
              href={searchPath(query)}
              onMouseDown={(event) => event.preventDefault()}
              onBlur={closeUnlessInside}
              onKeyDown={(event) => {
                if (event.key !== 'Escape') return;
                event.preventDefault();
                input.current?.focus();
                setOpen(false);
              }}
              onClick={(event) => {
                event.preventDefault();
                search(query);
              }}
            >
              {t('search.showAll', { count: data.count }, culture)}
            </a>
          ) : null}
        </div>
        <span className="sr-only" aria-live="polite" role="status">
          {announcement}
        </span>
      </div>
      <button type="submit" className="search-form__button">
        <SearchIcon width="20" height="20" />
        <span className="sr-only">{t('header.search.submit')}</span>
      </button>
    </form>
  );
}
