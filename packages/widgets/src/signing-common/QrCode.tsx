import { mdiLoading } from '@mdi/js';
import { type JSX, useEffect, useState } from 'react';
import { spinner } from '../documents-common';
import { Icon } from '../icon';
import { qrBox } from './signing.css';

/** The dark modules of a QR code as one SVG path (one unit per module, runs of a row merged). */
export function qrPath(modules: readonly (readonly boolean[])[]): string {
  const parts: string[] = [];
  modules.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (row[x]) x += 1;
      parts.push(`M${start} ${y}h${x - start}v1h-${x - start}z`);
    }
  });
  return parts.join('');
}

interface Matrix {
  text: string;
  size: number;
  path: string;
}

/**
 * `text` as a QR code in SVG (the encoder is loaded on first use, so it stays out of the main bundle);
 * a spinner until it is ready. The encoded text is also in `data-qr-payload`, for tests and tools that cannot
 * read pixels (the e2e tests hand it to the eGov mobile emulator).
 */
export function QrCode({ text, label }: { text: string; label: string }): JSX.Element {
  const [matrix, setMatrix] = useState<Matrix>();
  useEffect(() => {
    let live = true;
    import('uqr').then(
      ({ encode }) => {
        const { data } = encode(text, { ecc: 'M', border: 2 });
        if (live) setMatrix({ text, size: data.length, path: qrPath(data) });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [text]);
  return (
    <div className={qrBox} data-qr-payload={text}>
      {matrix?.text === text ? (
        <svg
          role="img"
          aria-label={label}
          viewBox={`0 0 ${matrix.size} ${matrix.size}`}
          shapeRendering="crispEdges"
        >
          <path d={matrix.path} fill="#000" />
        </svg>
      ) : (
        <Icon path={mdiLoading} className={spinner} size={32} />
      )}
    </div>
  );
}
