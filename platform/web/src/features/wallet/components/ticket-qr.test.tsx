import { screen } from '@testing-library/react';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { qrPath, TicketQr } from './ticket-qr.tsx';

const CODE = `${'a'.repeat(600)}~${'b'.repeat(100)}`;

describe('the ticket QR', () => {
  it('draws every dark module inside a four-module quiet zone', () => {
    const { modules } = QRCode.create(CODE, { errorCorrectionLevel: 'M' });
    const { d, size } = qrPath(CODE);
    expect(size).toBe(modules.size + 8);
    const dark = Array.from(modules.data).filter(Boolean).length;
    expect(d.match(/M/g)).toHaveLength(dark);
    const origins = [...d.matchAll(/M(\d+) (\d+)/g)].map(([, x, y]) => [Number(x), Number(y)]);
    expect(Math.min(...origins.flat())).toBe(4);
    expect(Math.max(...origins.flat())).toBe(size - 5);
  });

  it("is black on white from the palette's common colours, which no colour scheme changes, left to right in Arabic", async () => {
    await renderWithApp(<TicketQr code={CODE} label="Code" />, { locale: 'ar' });
    const svg = screen.getByRole('img', { name: 'Code' });
    expect(svg.querySelector('rect')?.getAttribute('fill')).toBe('#fff');
    expect(svg.querySelector('path')?.getAttribute('fill')).toBe('#000');
    expect(getComputedStyle(svg).direction).toBe('ltr');
  });
});
