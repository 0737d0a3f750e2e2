import { and, count, eq, gte } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { userBankAccount, userFaceLog, userResearch, userWechat } from '../../db/schema/account.ts';
import { newId } from '../../platform/ids.ts';

export type BankRow = typeof userBankAccount.$inferSelect;
export type BankFields = Pick<BankRow, 'bankCardNo' | 'bankName' | 'bankBranchName' | 'bankUserName' | 'bankIdCardNo'>;
export type ResearchRow = typeof userResearch.$inferSelect;
export type ResearchFields = Pick<
  ResearchRow,
  'education' | 'occupation' | 'learnGoal' | 'interests' | 'weeklyHours' | 'source' | 'remark'
>;

/** What a user keeps beside the login row: WeChat bindings, bank card, survey answers, face checks. */
export function accountRepo(db: Db) {
  return {
    async wechatUser(siteId: bigint, provider: string, openId: string): Promise<bigint | undefined> {
      const [row] = await db
        .select({ userId: userWechat.userId })
        .from(userWechat)
        .where(and(eq(userWechat.siteId, siteId), eq(userWechat.provider, provider), eq(userWechat.openId, openId)))
        .limit(1);
      return row?.userId;
    },
    async wechatOfUser(siteId: bigint, userId: bigint, provider: string): Promise<string | undefined> {
      const [row] = await db
        .select({ openId: userWechat.openId })
        .from(userWechat)
        .where(and(eq(userWechat.siteId, siteId), eq(userWechat.userId, userId), eq(userWechat.provider, provider)))
        .limit(1);
      return row?.openId;
    },
    /** Binds; false when the WeChat account or the user is already bound (each side once per provider). */
    async bindWechat(siteId: bigint, userId: bigint, provider: string, openId: string): Promise<boolean> {
      const rows = await db
        .insert(userWechat)
        .values({ id: newId(), siteId, userId, provider, openId })
        .onConflictDoNothing()
        .returning({ id: userWechat.id });
      return rows.length > 0;
    },

    async bank(siteId: bigint, userId: bigint): Promise<BankRow | undefined> {
      const [row] = await db
        .select()
        .from(userBankAccount)
        .where(and(eq(userBankAccount.siteId, siteId), eq(userBankAccount.userId, userId)))
        .limit(1);
      return row;
    },
    async saveBank(siteId: bigint, userId: bigint, fields: BankFields): Promise<BankRow> {
      const [row] = await db
        .insert(userBankAccount)
        .values({ ...fields, id: newId(), siteId, userId })
        .onConflictDoUpdate({
          target: [userBankAccount.siteId, userBankAccount.userId],
          set: { ...fields, gmtModified: new Date() },
        })
        .returning();
      return row!;
    },

    async research(siteId: bigint, userId: bigint): Promise<ResearchRow | undefined> {
      const [row] = await db
        .select()
        .from(userResearch)
        .where(and(eq(userResearch.siteId, siteId), eq(userResearch.userId, userId)))
        .limit(1);
      return row;
    },
    async insertResearch(siteId: bigint, userId: bigint, fields: ResearchFields): Promise<ResearchRow | undefined> {
      const [row] = await db
        .insert(userResearch)
        .values({ ...fields, id: newId(), siteId, userId })
        .onConflictDoNothing()
        .returning();
      return row;
    },
    async updateResearch(siteId: bigint, userId: bigint, fields: ResearchFields): Promise<ResearchRow | undefined> {
      const [row] = await db
        .update(userResearch)
        .set({ ...fields, gmtModified: new Date() })
        .where(and(eq(userResearch.siteId, siteId), eq(userResearch.userId, userId)))
        .returning();
      return row;
    },

    /** Records a face check outcome once per token and outcome. */
    async logFace(siteId: bigint, entry: Omit<typeof userFaceLog.$inferInsert, 'id' | 'siteId'>): Promise<void> {
      await db
        .insert(userFaceLog)
        .values({ ...entry, id: newId(), siteId })
        .onConflictDoNothing();
    },
    async faceFailsSince(siteId: bigint, userId: bigint, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(userFaceLog)
        .where(
          and(
            eq(userFaceLog.siteId, siteId),
            eq(userFaceLog.userId, userId),
            eq(userFaceLog.result, 0),
            gte(userFaceLog.gmtCreate, since),
          ),
        );
      return row!.n;
    },
  };
}
export type AccountRepo = ReturnType<typeof accountRepo>;
