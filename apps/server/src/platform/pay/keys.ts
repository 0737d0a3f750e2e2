import crypto from 'node:crypto';

/**
 * Keys are configured as PEM text in the environment. Line breaks may be written as the two characters \n so a key
 * fits on one line, and a bare base64 body (as Alipay's key tool prints it) is read as PKCS#8 / SPKI, or PKCS#1.
 * A public key may also be given as an X.509 certificate (WeChat Pay's platform certificate).
 */
function pemText(value: string): string {
  return value.replace(/\\n/g, '\n').trim();
}

function bareDer(value: string): Buffer | null {
  const compact = value.replace(/\s+/g, '');
  return /^[A-Za-z0-9+/]+=*$/.test(compact) ? Buffer.from(compact, 'base64') : null;
}

export function readPrivateKey(value: string): crypto.KeyObject {
  const text = pemText(value);
  if (text.startsWith('-----')) return crypto.createPrivateKey(text);
  const der = bareDer(text);
  if (!der) throw new Error('not a PEM private key');
  try {
    return crypto.createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } catch {
    return crypto.createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}

export function readPublicKey(value: string): crypto.KeyObject {
  const text = pemText(value);
  if (text.startsWith('-----BEGIN CERTIFICATE-----')) return new crypto.X509Certificate(text).publicKey;
  if (text.startsWith('-----')) return crypto.createPublicKey(text);
  const der = bareDer(text);
  if (!der) throw new Error('not a PEM public key');
  try {
    return crypto.createPublicKey({ key: der, format: 'der', type: 'spki' });
  } catch {
    return crypto.createPublicKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}

/** SHA256withRSA (PKCS#1 v1.5), base64: the signature both Alipay RSA2 and WeChat Pay v3 use. */
export function rsaSign(key: crypto.KeyObject, content: string): string {
  return crypto.sign('sha256', Buffer.from(content, 'utf8'), key).toString('base64');
}

export function rsaVerify(key: crypto.KeyObject, content: string, signatureBase64: string): boolean {
  try {
    return crypto.verify('sha256', Buffer.from(content, 'utf8'), key, Buffer.from(signatureBase64, 'base64'));
  } catch {
    return false;
  }
}
