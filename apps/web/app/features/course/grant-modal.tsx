import { DatePicker, Form, Input, Select } from 'antd';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { adminCoursePage, adminUserCourseGrant } from '#contract/course-learn.ts';
import { api } from '../../api/client.ts';
import { FormModal } from '../admin/form-modal.tsx';

const TIME = 'YYYY-MM-DD HH:mm:ss';
export interface GrantCourse {
  id: string;
  courseName: string;
}

/** Finds courses by name as the admin types (the admin course list, 20 at a time). */
function CourseSelect({
  value,
  onChange,
  initial,
}: {
  value?: string;
  onChange?: (v: string) => void;
  initial: GrantCourse | null;
}) {
  const [options, setOptions] = useState(initial ? [{ value: initial.id, label: initial.courseName }] : []);
  const timer = useRef<number>(undefined);
  function search(courseName: string) {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      api(adminCoursePage, { courseName, pageCurrent: 1, pageSize: 20 })
        .then((p) => setOptions(p.list.map((c) => ({ value: c.id, label: c.courseName }))))
        .catch(() => undefined);
    }, 250);
  }
  useEffect(() => {
    if (!initial) search('');
    return () => window.clearTimeout(timer.current);
    // the first list is loaded once, when the modal opens
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: search }}
      value={value}
      onChange={onChange}
      options={options}
      placeholder="输入课程名称搜索"
      aria-label="课程"
    />
  );
}

/** Gives a learner access to a course (buyType 2), for good or until a date; granting again changes the date. */
export function GrantModal({
  open,
  course,
  onClose,
}: {
  open: boolean;
  course: GrantCourse | null;
  onClose: () => void;
}) {
  return (
    <FormModal
      title="开通课程"
      open={open}
      onClose={onClose}
      call={adminUserCourseGrant}
      initialValues={{ courseId: course?.id, mobile: '', expireTime: null }}
      toBody={(v) => ({ ...v, expireTime: dayjs.isDayjs(v.expireTime) ? (v.expireTime as Dayjs).format(TIME) : '' })}
      success="已开通，学员现在可以学习这门课程"
      okText="开通"
      width={520}
    >
      <Form.Item name="mobile" label="学员手机号" rules={[{ required: true, message: '请填写手机号' }]}>
        <Input maxLength={11} placeholder="学员注册时使用的手机号" />
      </Form.Item>
      <Form.Item name="courseId" label="课程" rules={[{ required: true, message: '请选择课程' }]}>
        <CourseSelect initial={course} />
      </Form.Item>
      <Form.Item name="expireTime" label="有效期至" extra="不填表示永久有效；已开通的学员再次开通会改为这里的有效期。">
        <DatePicker
          showTime
          format={TIME}
          placeholder="永久有效"
          disabledDate={(d) => d.isBefore(dayjs(), 'day')}
          style={{ width: 240 }}
        />
      </Form.Item>
    </FormModal>
  );
}
