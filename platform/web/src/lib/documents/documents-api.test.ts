import { describe, expect, it, vi } from 'vitest';
import { downloadDocument } from './documents-api.ts';

describe('a document’s download', () => {
  it('asks for a short-lived address, then fetches it with the session’s token and saves the file', async () => {
    const call = vi.fn(async () => ({
      url: '/api/documents/files/abc',
      expires_at: '2026-11-28T10:05:00.000Z',
    }));
    const client = { call, currentSession: () => ({ userToken: 'token-7', userId: 7 }) };
    const fetchFile = vi.fn(async () => new Response(new Blob(['%PDF-1.7']), { status: 200 }));
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:document');
    try {
      await downloadDocument(client as never, { documentId: 9, fileName: 'carte.pdf' }, fetchFile as never);
      expect(call).toHaveBeenCalledWith(expect.objectContaining({ path: 'Document/fileDownloadUrl' }), {
        documentId: 9,
      });
      expect(fetchFile).toHaveBeenCalledWith('/api/documents/files/abc', {
        headers: { authorization: 'Bearer token-7' },
      });
      expect(saved).toEqual(['carte.pdf']);
      expect(createObjectURL).toHaveBeenCalledOnce();
    } finally {
      click.mockRestore();
      createObjectURL.mockRestore();
    }
  });

  it('says so when the address is refused, and saves nothing', async () => {
    const client = {
      call: async () => ({ url: '/api/documents/files/old', expires_at: '2026-11-28T10:05:00.000Z' }),
      currentSession: () => ({ userToken: 'token-7', userId: 7 }),
    };
    const fetchFile = async () => new Response('{}', { status: 404 });
    await expect(
      downloadDocument(client as never, { documentId: 9, fileName: 'x.pdf' }, fetchFile as never),
    ).rejects.toThrow(/404/);
  });
});
