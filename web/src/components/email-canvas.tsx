import { Box } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { BRAND_INK } from '../theme/system.ts';

const WIDTH = 180;
const HEIGHT = 30;
const FONT_FAMILY = 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';

/**
 * Draws a text (the owner's e-mail address) on a 180×30 canvas, so the address never exists as text in the
 * DOM where harvesting bots would read it. The font shrinks until the text fits.
 */
export function EmailCanvas({ text, label }: { text: string; label: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const context = canvasRef.current?.getContext('2d');
    if (!context) return;
    context.clearRect(0, 0, WIDTH, HEIGHT);
    let size = 16;
    do {
      context.font = `600 ${size}px ${FONT_FAMILY}`;
      size -= 0.5;
    } while (context.measureText(text).width > WIDTH - 4 && size > 9);
    context.fillStyle = BRAND_INK;
    context.textBaseline = 'middle';
    context.fillText(text, 2, HEIGHT / 2);
  }, [text]);

  return (
    <Box asChild display="block">
      <canvas ref={canvasRef} width={WIDTH} height={HEIGHT} role="img" aria-label={label} />
    </Box>
  );
}
