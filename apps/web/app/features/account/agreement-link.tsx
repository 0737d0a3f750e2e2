import { Link } from '../../components/link.tsx';
import { useSite } from '../../lib/root-data.ts';

/** The footer article titled 用户协议, which the site edits in its footer navigation; plain text if it has none. */
export function AgreementLink() {
  const { aboutList } = useSite();
  const article = aboutList.flatMap((g) => g.articleList).find((a) => a.artTitle.includes('用户协议'));
  if (!article) return <span>《用户协议》</span>;
  return (
    <Link to={`/info/detail/${article.id}`} target="_blank">
      《{article.artTitle}》
    </Link>
  );
}
