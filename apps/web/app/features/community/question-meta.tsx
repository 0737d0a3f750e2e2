import { PageMeta } from '../../components/page-meta.tsx';

/** A community page's title and description, and the Open Graph tags a shared link's card is made of. */
export function QuestionMeta({
  title,
  description,
  type = 'website',
}: {
  title: string;
  description: string;
  type?: 'website' | 'article';
}) {
  return <PageMeta title={title} description={description} type={type} />;
}
