import { DASHBOARD_DAYS, type TDashboardDay, type TDashboardWaiting } from '#contract/admin-dashboard.ts';
import { dayRange, type DayRange } from '../../platform/day-range.ts';

interface Counted {
  totalCount: number;
}
const ONE = { pageCurrent: 1, pageSize: 1 } as const;

/**
 * What the overview reads from the domains that own the figures, through their services. The admin domain is
 * built before them (they depend on it through the user domain), so the wiring hands them over at call time.
 */
export interface DashboardSources {
  orders: {
    dayFigures(
      siteId: bigint,
      range: DayRange,
    ): Promise<Array<{ orderCount: number; paidCount: number; paidAmount: number }>>;
  };
  users: { joinedByDay(siteId: bigint, range: DayRange): Promise<number[]> };
  courseAudits: { page(siteId: bigint, q: typeof ONE & { courseName: string; auditStatus: number }): Promise<Counted> };
  paperAudits: {
    adminPage(siteId: bigint, q: typeof ONE & { examName: string; auditStatus?: number }): Promise<Counted>;
  };
  lecturerAudits: {
    auditPage(
      siteId: bigint,
      q: typeof ONE & { auditStatus?: number; lecturerName: string; mobile: string },
    ): Promise<Counted>;
  };
  withdrawals: {
    adminPage(siteId: bigint, q: typeof ONE & { extractStatus?: number; mobile: string }): Promise<Counted>;
  };
  payDifferences: { openCount(siteId: bigint): Promise<{ openCount: number }> };
  reports: { pendingCount(siteId: bigint): Promise<{ pendingCount: number }> };
}

/** Waiting: a submitted course or paper copy, a lecturer application (all status 0), a withdrawal under review (1). */
const PENDING = 0;
const REVIEWING = 1;

/** The administrator's overview: today's orders, revenue and new users, what waits for a decision, the last 30 days. */
export class DashboardService {
  private readonly sources: () => DashboardSources;

  constructor(sources: () => DashboardSources) {
    this.sources = sources;
  }

  async view(siteId: bigint, now = new Date()) {
    const s = this.sources();
    const range = dayRange({ beginDate: '', endDate: '' }, DASHBOARD_DAYS, DASHBOARD_DAYS, now);
    const [orders, joined, courses, papers, lecturers, withdrawals, differences, reports] = await Promise.all([
      s.orders.dayFigures(siteId, range),
      s.users.joinedByDay(siteId, range),
      s.courseAudits.page(siteId, { ...ONE, courseName: '', auditStatus: PENDING }),
      s.paperAudits.adminPage(siteId, { ...ONE, examName: '', auditStatus: PENDING }),
      s.lecturerAudits.auditPage(siteId, { ...ONE, auditStatus: PENDING, lecturerName: '', mobile: '' }),
      s.withdrawals.adminPage(siteId, { ...ONE, extractStatus: REVIEWING, mobile: '' }),
      s.payDifferences.openCount(siteId),
      s.reports.pendingCount(siteId),
    ]);
    const days: TDashboardDay[] = range.days.map((date, i) => ({
      date,
      orderCount: orders[i]?.orderCount ?? 0,
      paidCount: orders[i]?.paidCount ?? 0,
      paidAmount: orders[i]?.paidAmount ?? 0,
      newUsers: joined[i] ?? 0,
    }));
    const waiting: TDashboardWaiting = {
      courses: courses.totalCount,
      papers: papers.totalCount,
      lecturers: lecturers.totalCount,
      withdrawals: withdrawals.totalCount,
      payDifferences: differences.openCount,
      reports: reports.pendingCount,
    };
    return { today: days[days.length - 1]!, waiting, days };
  }
}
