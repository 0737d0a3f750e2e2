import { Link } from '../components/link.tsx';

/** 全部解析 / 只看错题 of an attempt's explanations on a phone; `pathOf(onlyWrong)` is each one's address. */
export function H5ExplainSwitch({
  all,
  wrong,
  onlyWrong,
  pathOf,
}: {
  all: number;
  wrong: number;
  onlyWrong: boolean;
  pathOf: (onlyWrong: boolean) => string;
}) {
  return (
    <nav className="h5-exam-result__switch" aria-label="解析范围">
      <Link to={pathOf(false)} replace aria-current={onlyWrong ? undefined : 'page'}>
        全部解析（{all}）
      </Link>
      <Link to={pathOf(true)} replace aria-current={onlyWrong ? 'page' : undefined}>
        只看错题（{wrong}）
      </Link>
    </nav>
  );
}
