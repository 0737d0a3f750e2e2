import QRCode from 'qrcode';

/** A QR code of the given text as a PNG data URL, for share codes and scan-to-continue pages. */
export function qrcodeDataUrl(text: string): Promise<string> {
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
}
