import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { searchTypeForPath } from '#contract/codes.ts';
import { h5PathOf } from '#contract/device.ts';
import { SEARCH_TYPE_NAMES, searchHitPath } from '#contract/kinds.ts';
import { showError } from '../../lib/toast.ts';
import { useSuggestions } from './use-suggestions.ts';
import './search-box.css';
import './search-suggest.css';

/**
 * Spec §5: searching goes to /search/:str?type=N, N taken from the section the person is in. An empty
 * keyword is refused with the message of the variant: the header's or the search page's box. As one types,
 * titles that hold the words are suggested below the box (arrow keys and Enter, or a click, open one).
 * A plain form rather than antd Input or AutoComplete: it sits in every page's header, and antd's brings its
 * form machinery along (~15 KB gzipped).
 */
export function SearchBox({
  variant,
  initial = '',
  type,
  h5 = false,
}: {
  variant: 'header' | 'box';
  initial?: string;
  type?: number;
  /** on the H5 site: results and suggestions open its pages */
  h5?: boolean;
}) {
  const [value, setValue] = useState(initial);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const listId = useId();
  const suggestions = useSuggestions(value, open);
  const shown = open && suggestions.length > 0;
  const base = h5 ? '/h5' : '';
  const hitPath = (type: number, id: string) => {
    const pc = searchHitPath(type, id);
    return h5 ? (h5PathOf(pc) ?? pc) : pc;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = shown && active >= 0 ? suggestions[active] : undefined;
    setOpen(false);
    if (chosen) {
      void navigate(hitPath(chosen.type, chosen.id));
      return;
    }
    const keyword = value.trim();
    if (!keyword) {
      showError(variant === 'header' ? '请输入搜索关键词' : '请输入搜索内容');
      return;
    }
    void navigate(`${base}/search/${encodeURIComponent(keyword)}?type=${type ?? searchTypeForPath(pathname)}`);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') setOpen(false);
    if (!shown || (e.key !== 'ArrowDown' && e.key !== 'ArrowUp')) return;
    e.preventDefault();
    const n = suggestions.length;
    setActive((i) => (e.key === 'ArrowDown' ? (i + 1) % n : (i - 1 + n) % n));
  };
  return (
    <div className={`qk-suggest qk-suggest--${variant}`}>
      <form
        role="search"
        aria-label={variant === 'header' ? '全站搜索' : '搜索'}
        className={`qk-search qk-search--${variant}`}
        onSubmit={submit}
      >
        <input
          type="search"
          name="keyword"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setActive(-1);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          placeholder={variant === 'header' ? '搜索课程、讲师' : '请输入搜索内容'}
          maxLength={50}
          aria-label="搜索关键词"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={listId}
          aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        />
        <button type="submit" aria-label="搜索">
          <SearchOutlined />
          {variant === 'box' ? <span>搜索</span> : null}
        </button>
      </form>
      <ul id={listId} role="listbox" aria-label="搜索建议" className="qk-suggest__list" hidden={!shown}>
        {shown
          ? suggestions.map((s, i) => (
              <li
                key={`${s.type}:${s.id}`}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className={i === active ? 'qk-suggest__item is-active' : 'qk-suggest__item'}
                // chosen before the input's blur closes the list
                onMouseDown={(e) => {
                  e.preventDefault();
                  setOpen(false);
                  void navigate(hitPath(s.type, s.id));
                }}
              >
                <span className="qk-suggest__kind">{SEARCH_TYPE_NAMES[s.type]}</span>
                {s.title}
              </li>
            ))
          : null}
      </ul>
    </div>
  );
}
