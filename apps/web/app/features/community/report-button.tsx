import { FlagOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { TContentKind } from '#contract/community-moderation.ts';
import { useRootData } from '../../lib/root-data.ts';
import { loginUrl } from '../../lib/session.ts';

const ReportDialog = lazy(() => import('./report-dialog.tsx'));

/**
 * 举报 beside a post, a comment, a question or an answer: opens the report form, which sends a reason to the
 * administrator's queue. Signed-out readers are sent to log in and come back.
 */
export function ReportButton({ kind, targetId }: { kind: TContentKind; targetId: string }) {
  const user = useRootData()?.user ?? null;
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState(false);

  return (
    <>
      <Button
        type="text"
        size="small"
        icon={<FlagOutlined />}
        className="qk-report"
        onClick={() => (user ? setOpen(true) : void navigate(loginUrl(pathname + search)))}
      >
        举报
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog kind={kind} targetId={targetId} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
