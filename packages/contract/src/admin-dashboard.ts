import { z } from './zod-config.ts';
import { defineCall, Empty } from './call.ts';

/** One day of the administrator's overview (Asia/Shanghai): orders placed, orders paid and their amount, new users. */
export const DashboardDay = z.object({
  date: z.string(),
  orderCount: z.number().int(),
  paidCount: z.number().int(),
  /** fen */
  paidAmount: z.number().int(),
  newUsers: z.number().int(),
});
export type TDashboardDay = z.output<typeof DashboardDay>;

/** What waits for the administrator's decision. */
export const DashboardWaiting = z.object({
  courses: z.number().int(),
  papers: z.number().int(),
  lecturers: z.number().int(),
  withdrawals: z.number().int(),
  /** payment differences (decision 37) still open */
  payDifferences: z.number().int(),
  /** community reports (举报) waiting for a decision */
  reports: z.number().int(),
});
export type TDashboardWaiting = z.output<typeof DashboardWaiting>;

/** The days the overview's charts cover, today included. */
export const DASHBOARD_DAYS = 30;

export const adminDashboard = defineCall({
  method: 'POST',
  path: '/system/admin/dashboard/view',
  access: 'admin',
  summary: '后台概览：今日订单、收入与新用户，待审核事项，近 30 天走势',
  body: Empty,
  data: z.object({
    today: DashboardDay,
    waiting: DashboardWaiting,
    /** oldest first, the last is today */
    days: z.array(DashboardDay),
  }),
});
