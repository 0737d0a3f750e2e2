import { useEffect, useState } from 'react';

/**
 * The viewer's masked mobile drifting over the video (it moves every few seconds, so cropping a recording
 * cannot remove it). It sits inside the element that goes full screen, so it stays there too.
 */
export function Watermark({ text }: { text: string }) {
  const [pos, setPos] = useState({ left: 8, top: 10 });
  useEffect(() => {
    if (!text) return;
    const id = window.setInterval(() => setPos({ left: 4 + Math.random() * 70, top: 6 + Math.random() * 78 }), 6000);
    return () => window.clearInterval(id);
  }, [text]);
  if (!text) return null;
  return (
    <span className="qk-watermark" style={{ left: `${pos.left}%`, top: `${pos.top}%` }} aria-hidden="true">
      {text}
    </span>
  );
}
