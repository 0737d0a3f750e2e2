import crypto from 'node:crypto';
import { FACE_EXPIRE_SECONDS } from '#contract/account.ts';
import type { Platform } from '../../platform/context.ts';
import { fail } from '../../platform/http/errors.ts';
import { DevFaceVerifier, type FaceVerifier } from '../../platform/face.ts';
import { qrcodeDataUrl } from '../../platform/qrcode-image.ts';
import { accountRepo, type AccountRepo } from './account.repo.ts';

type FaceState = 'pending' | 'passed' | 'failed' | 'expired';
interface Check {
  siteId: string;
  userId: string;
  scene: string;
  state: 'pending' | 'passed' | 'failed';
  expiresAt: number;
}

const STARTS_PER_HOUR = 20;
const DAY_MS = 24 * 60 * 60_000;

/**
 * Face verification of the logged-in user (anti-proxy study). A check lives five minutes in the shared
 * key-value store; its outcome is logged once, so failures can be counted per user.
 */
export class FaceService {
  private readonly p: Platform;
  private readonly verifier: FaceVerifier | undefined;
  private readonly repo: AccountRepo;
  constructor(p: Platform) {
    this.p = p;
    this.verifier = p.config.faceProvider === 'dev' ? new DevFaceVerifier() : undefined;
    this.repo = accountRepo(p.db);
  }

  async start(siteId: bigint, userId: bigint, scene: string, origin: string) {
    if (!this.verifier) throw fail('本站未开启人脸核验');
    if ((await this.p.cache.kv.incr(`face-start:${siteId}:${userId}`, 60 * 60_000)) > STARTS_PER_HOUR) {
      throw fail('人脸核验发起过于频繁，请一小时后再试');
    }
    const faceToken = crypto.randomBytes(16).toString('base64url');
    const { verifyUrl } = await this.verifier.start(faceToken, origin);
    await this.save(faceToken, {
      siteId: String(siteId),
      userId: String(userId),
      scene,
      state: 'pending',
      expiresAt: Date.now() + FACE_EXPIRE_SECONDS * 1000,
    });
    return { faceToken, verifyUrl, qrcodeImg: await qrcodeDataUrl(verifyUrl), expireSeconds: FACE_EXPIRE_SECONDS };
  }

  async result(siteId: bigint, userId: bigint, faceToken: string): Promise<{ state: FaceState }> {
    const check = await this.own(siteId, userId, faceToken);
    return { state: check?.state ?? 'expired' };
  }

  /** The page reports that the check could not be passed (camera refused, comparison failed, gave up). */
  async failed(siteId: bigint, userId: bigint, faceToken: string, reason: string): Promise<{ failCount: number }> {
    const check = await this.own(siteId, userId, faceToken);
    if (!check) throw fail('人脸核验已失效，请重新发起');
    if (check.state === 'passed') throw fail('该次人脸核验已通过');
    await this.save(faceToken, { ...check, state: 'failed' });
    await this.log(siteId, userId, faceToken, check.scene, 0, reason || '用户端报告核验失败');
    return { failCount: await this.repo.faceFailsSince(siteId, userId, new Date(Date.now() - DAY_MS)) };
  }

  /** Development provider: the verify page plays the phone and its camera. */
  async devVerify(siteId: bigint, faceToken: string, passed: boolean): Promise<{ state: FaceState }> {
    if (this.verifier?.kind !== 'dev') throw fail('本站未启用开发环境人脸核验');
    const check = await this.load(siteId, faceToken);
    if (!check) return { state: 'expired' };
    if (check.state !== 'pending') return { state: check.state };
    const state = passed ? 'passed' : 'failed';
    await this.save(faceToken, { ...check, state });
    await this.log(
      siteId,
      BigInt(check.userId),
      faceToken,
      check.scene,
      passed ? 1 : 0,
      passed ? '' : '人脸比对不一致',
    );
    return { state };
  }

  private log(siteId: bigint, userId: bigint, faceToken: string, scene: string, result: number, reason: string) {
    return this.repo.logFace(siteId, {
      userId,
      faceToken,
      scene,
      result,
      reason: reason.slice(0, 200),
      provider: this.verifier!.kind,
    });
  }

  private async own(siteId: bigint, userId: bigint, faceToken: string): Promise<Check | undefined> {
    const check = await this.load(siteId, faceToken);
    return check && check.userId === String(userId) ? check : undefined;
  }

  private async load(siteId: bigint, faceToken: string): Promise<Check | undefined> {
    const check = await this.p.cache.kv.get<Check>(`face:${faceToken}`);
    return check && check.siteId === String(siteId) && check.expiresAt > Date.now() ? check : undefined;
  }

  private save(faceToken: string, check: Check): Promise<void> {
    return this.p.cache.kv.set(`face:${faceToken}`, check, Math.max(1, check.expiresAt - Date.now()));
  }
}
