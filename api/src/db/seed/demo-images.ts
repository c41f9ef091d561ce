import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

export type DemoMotif = 'circles' | 'waves' | 'rings' | 'bars' | 'diamond' | 'grid';

export interface DemoImageSpec {
  /** File name inside the uploads folder, e.g. `demo-foo.webp`. */
  file: string;
  from: string;
  to: string;
  motif: DemoMotif;
}

const WIDTH = 1200;
const HEIGHT = 800;

function motifSvg(motif: DemoMotif): string {
  switch (motif) {
    case 'circles':
      return `<circle cx="900" cy="260" r="190" fill="#fff" fill-opacity="0.22"/>
        <circle cx="330" cy="560" r="260" fill="#fff" fill-opacity="0.12"/>
        <circle cx="760" cy="600" r="90" fill="#fff" fill-opacity="0.3"/>`;
    case 'waves':
      return [0, 1, 2, 3]
        .map(
          (i) =>
            `<path d="M0 ${420 + i * 90} C 300 ${320 + i * 90}, 600 ${520 + i * 90}, 1200 ${380 + i * 90} L 1200 800 L 0 800 Z" fill="#fff" fill-opacity="${0.08 + i * 0.05}"/>`,
        )
        .join('');
    case 'rings':
      return [120, 200, 280, 360]
        .map(
          (r) =>
            `<circle cx="600" cy="400" r="${r}" fill="none" stroke="#fff" stroke-width="18" stroke-opacity="0.25"/>`,
        )
        .join('');
    case 'bars':
      return [0, 1, 2, 3, 4, 5]
        .map((i) => {
          const height = 160 + ((i * 97) % 360);
          return `<rect x="${190 + i * 140}" y="${660 - height}" width="90" height="${height}" rx="16" fill="#fff" fill-opacity="0.28"/>`;
        })
        .join('');
    case 'diamond':
      return `<rect x="450" y="250" width="300" height="300" transform="rotate(45 600 400)" fill="#fff" fill-opacity="0.25"/>
        <rect x="520" y="320" width="160" height="160" transform="rotate(45 600 400)" fill="#fff" fill-opacity="0.35"/>`;
    case 'grid':
      return Array.from({ length: 5 * 7 }, (_, n) => {
        const x = 180 + (n % 7) * 140;
        const y = 160 + Math.floor(n / 7) * 120;
        return `<circle cx="${x}" cy="${y}" r="${10 + (n % 4) * 6}" fill="#fff" fill-opacity="0.3"/>`;
      }).join('');
  }
}

/** A 1200×800 (3:2, the editor's ideal size) WebP drawn from a gradient and a simple motif. */
export async function renderDemoImage(spec: DemoImageSpec, uploadsDir: string): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${spec.from}"/><stop offset="1" stop-color="${spec.to}"/>
    </linearGradient></defs>
    <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>
    ${motifSvg(spec.motif)}
  </svg>`;
  await mkdir(uploadsDir, { recursive: true });
  const target = path.join(uploadsDir, spec.file);
  await sharp(Buffer.from(svg)).resize(WIDTH, HEIGHT).webp({ quality: 82 }).toFile(target);
  return target;
}
