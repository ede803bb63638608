// A code as a QR large enough to scan at the gate: drawn as one SVG path, dark modules on white
// whatever the page's theme, with its quiet zone (four modules) and at least 240 CSS px wide.
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import QRCode from 'qrcode';
import { useMemo } from 'react';

const QUIET_ZONE = 4;
export const QR_MIN_SIZE_PX = 240;

/** The dark modules as an SVG path, in module units, offset by the quiet zone. */
export function qrPath(text: string): { d: string; size: number } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.get(row, column)) parts.push(`M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
    }
  }
  return { d: parts.join(''), size: modules.size + 2 * QUIET_ZONE };
}

export function TicketQr({ code, label }: { code: string; label: string }) {
  const { palette } = useTheme();
  const { d, size } = useMemo(() => qrPath(code), [code]);
  return (
    <Box
      component="svg"
      role="img"
      aria-label={label}
      data-testid="ticket-qr"
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      sx={{
        display: 'block',
        width: '100%',
        minWidth: QR_MIN_SIZE_PX,
        maxWidth: 360,
        aspectRatio: '1',
        mx: 'auto',
        bgcolor: palette.common.white,
        // A QR reads left to right whatever the page's direction.
        direction: 'ltr',
      }}
    >
      <rect width={size} height={size} fill={palette.common.white} />
      <path d={d} fill={palette.common.black} />
    </Box>
  );
}
