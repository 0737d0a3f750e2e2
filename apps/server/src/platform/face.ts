/**
 * Face verification. A check starts on the computer and is completed on a phone at `verifyUrl`; the outcome
 * is then read back. The development provider's verify page on our own site lets a person pass or fail it;
 * a vendor adapter (Aliyun 实人认证, Tencent 慧眼) would implement the same two steps.
 */
export interface FaceVerifier {
  readonly kind: 'dev';
  start(faceToken: string, origin: string): Promise<{ verifyUrl: string }>;
}

export class DevFaceVerifier implements FaceVerifier {
  readonly kind = 'dev' as const;
  async start(faceToken: string, origin: string): Promise<{ verifyUrl: string }> {
    return { verifyUrl: `${origin}/face/verify?token=${encodeURIComponent(faceToken)}` };
  }
}
