import type { TableColumnsType } from 'antd';
import { Link } from '../../components/link.tsx';
import type { CallData } from '#contract/call.ts';
import { ORDER_STATUS_NAMES } from '#contract/order.ts';
import type { orgCoursePage, orgExamPage, orgGradePage, orgSalePage } from '#contract/organisation.ts';
import { kindOf, yuan } from '../course/course-format.ts';

export type OrgCourseRow = CallData<typeof orgCoursePage>['list'][number];
export type OrgGradeRow = CallData<typeof orgGradePage>['list'][number];
export type OrgExamRow = CallData<typeof orgExamPage>['list'][number];
export type OrgSaleRow = CallData<typeof orgSalePage>['list'][number];

/** The organisation centre's read-only tables: what its lecturers publish and sell. */
export const courseColumns: TableColumnsType<OrgCourseRow> = [
  {
    title: '课程',
    dataIndex: 'courseName',
    render: (v: string, r) =>
      r.isPutaway === 1 && r.statusId === 1 ? <Link to={kindOf(r.courseType).detailPath(r.id)}>{v}</Link> : v,
  },
  { title: '类型', dataIndex: 'courseType', width: 80, render: (v: number) => kindOf(v).noun },
  { title: '讲师', dataIndex: 'lecturerName', width: 110 },
  { title: '价格', key: 'price', width: 90, render: (_, r) => (r.isFree === 1 ? '免费' : yuan(r.coursePrice)) },
  { title: '购买 / 学习', key: 'counts', width: 110, render: (_, r) => `${r.countBuy} / ${r.countStudy}` },
  {
    title: '状态',
    key: 'state',
    width: 80,
    render: (_, r) => (r.isPutaway === 1 && r.statusId === 1 ? '在架' : '已下架'),
  },
];

export const gradeColumns: TableColumnsType<OrgGradeRow> = [
  { title: '班级', dataIndex: 'gradeName', render: (v: string, r) => <Link to={`/grade/view/${r.id}`}>{v}</Link> },
  { title: '讲师', dataIndex: 'lecturerName', width: 110 },
  {
    title: '人数',
    key: 'n',
    width: 100,
    render: (_, r) => (r.capacity ? `${r.studentCount} / ${r.capacity}` : r.studentCount),
  },
  {
    title: '开班时间',
    key: 'time',
    width: 220,
    render: (_, r) => `${r.beginTime.slice(0, 10)} 至 ${r.endTime.slice(0, 10)}`,
  },
];

export const examColumns: TableColumnsType<OrgExamRow> = [
  {
    title: '试卷',
    dataIndex: 'examName',
    render: (v: string, r) => (r.isPutAway === 1 ? <Link to={`/exam/view/${r.id}`}>{v}</Link> : v),
  },
  { title: '讲师', dataIndex: 'lecturerName', width: 110 },
  { title: '题数', dataIndex: 'problemCount', width: 70 },
  { title: '总分', dataIndex: 'totalScore', width: 70 },
  { title: '参加人次', dataIndex: 'studyCount', width: 90 },
  { title: '状态', dataIndex: 'isPutAway', width: 80, render: (v: number) => (v === 1 ? '上架' : '未上架') },
];

export const saleColumns: TableColumnsType<OrgSaleRow> = [
  { title: '订单号', dataIndex: 'orderNo', width: 200 },
  { title: '课程', dataIndex: 'courseName' },
  { title: '讲师', dataIndex: 'lecturerName', width: 110 },
  { title: '买家', dataIndex: 'mobile', width: 120 },
  { title: '实付', dataIndex: 'pricePaid', width: 90, render: (v: number) => yuan(v) },
  { title: '状态', dataIndex: 'orderStatus', width: 90, render: (v: number) => ORDER_STATUS_NAMES[v] ?? '' },
  { title: '支付时间', dataIndex: 'payTime', width: 170 },
];
