import { useMatches } from 'react-router';
import { EmptyState, Page } from '../components/page.tsx';
import { PENDING_TITLES } from './pending-titles.ts';

/** A page of the route table whose feature has not arrived yet: its real layout, title and an honest empty state. */
export default function PendingPage() {
  const id = useMatches().at(-1)?.id ?? '';
  const title = PENDING_TITLES[id.replace(/^pending:/, '')] ?? '暂无内容';
  return (
    <Page title={title}>
      <EmptyState />
    </Page>
  );
}
