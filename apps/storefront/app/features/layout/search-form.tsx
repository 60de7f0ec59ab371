/**
 * The header's search field: a GET form that works without JavaScript (`/s?q=term`, which the
 * server redirects to `/s/{term}`); with JavaScript it navigates to `/s/{term}` directly.
 */
import { useId, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { SearchIcon } from '../../components/ui/icons';
import { t } from '../../i18n/i18n';
import { searchPath } from '../../routing/paths';

/** Product search form of the header. */
export function SearchForm() {
  const navigate = useNavigate();
  const id = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const term = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    event.preventDefault();
    if (term) void navigate(searchPath(term));
  };
  return (
    <form className="search-form" role="search" action="/s" method="get" onSubmit={onSubmit}>
      <label htmlFor={id} className="sr-only">
        {t('header.search.label')}
      </label>
      <input
        id={id}
        className="search-form__input"
        type="search"
        name="q"
        required
        autoComplete="off"
        enterKeyHint="search"
        placeholder={t('header.search.placeholder')}
      />
      <button type="submit" className="search-form__button">
        <SearchIcon width="20" height="20" />
        <span className="sr-only">{t('header.search.submit')}</span>
      </button>
    </form>
  );
}
