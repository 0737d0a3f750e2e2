import { useState, type FormEvent } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { searchTypeForPath } from '#contract/codes.ts';
import { showError } from '../../lib/toast.ts';

/**
 * Spec §5: searching goes to /search/:str?type=N, N taken from the section the person is in. An empty
 * keyword is refused with the message of the variant: the header's or the search page's box.
 * A plain form rather than antd Input: it sits in every page's header, and antd's Input brings its form
 * machinery along (~15 KB gzipped).
 */
export function SearchBox({
  variant,
  initial = '',
  type,
}: {
  variant: 'header' | 'box';
  initial?: string;
  type?: number;
}) {
  const [value, setValue] = useState(initial);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const keyword = value.trim();
    if (!keyword) {
      showError(variant === 'header' ? '请输入搜索关键词' : '请输入搜索内容');
      return;
    }
    navigate(`/search/${encodeURIComponent(keyword)}?type=${type ?? searchTypeForPath(pathname)}`);
  };
  return (
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
        onChange={(e) => setValue(e.target.value)}
        placeholder={variant === 'header' ? '搜索课程、讲师' : '请输入搜索内容'}
        maxLength={50}
        aria-label="搜索关键词"
      />
      <button type="submit" aria-label="搜索">
        <SearchOutlined />
        {variant === 'box' ? <span>搜索</span> : null}
      </button>
    </form>
  );
}
