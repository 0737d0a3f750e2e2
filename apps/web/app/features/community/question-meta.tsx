import { PageMeta } from '../../components/page-meta.tsx';

/** A community page's title and description, and the Open Graph tags a shared link's card is made of. */
export function QuestionMeta({
  title,
  description,
  type = 'website',
}: {
  title: string;
  description: string;
  type?: string;
}) {
  return (
    <>
      <PageMeta title={title} description={description} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
    </>
  );
}
