import { Button, Tabs } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { GrantModal, type GrantCourse } from './grant-modal.tsx';

/** Which course the grant form opens with: `null` lets the admin choose, `undefined` keeps it closed. */
export function useGrantForm() {
  const [course, setCourse] = useState<GrantCourse | null | undefined>(undefined);
  const modal = (
    <GrantModal
      key={course?.id ?? 'any'}
      open={course !== undefined}
      course={course ?? null}
      onClose={() => setCourse(undefined)}
    />
  );
  return { open: setCourse, modal };
}

/** The pages of the courses section (the courses, who may study them, drafts to audit) with the grant button. */
export function CourseAdminTabs({ onGrant }: { onGrant: () => void }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <Tabs
      activeKey={
        pathname.startsWith('/admin/courses/grants')
          ? 'grants'
          : pathname.startsWith('/admin/course-audits')
            ? 'audits'
            : 'courses'
      }
      onChange={(k) =>
        navigate(k === 'grants' ? '/admin/courses/grants' : k === 'audits' ? '/admin/course-audits' : '/admin/courses')
      }
      tabBarExtraContent={
        <Button type="primary" onClick={onGrant}>
          开通课程
        </Button>
      }
      items={[
        { key: 'courses', label: '课程' },
        { key: 'grants', label: '学习权限' },
        { key: 'audits', label: '课程审核' },
      ]}
    />
  );
}
