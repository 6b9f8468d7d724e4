import { article, DE, h, siteRows, writeError, writerSuite } from './writer-harness.fixtures';

// Issue 19: rich text reached the database with scripts and handlers intact (finding 6); a NUL
// failed the insert (finding 7).
writerSuite(() => {
  describe('rich text on save', () => {
    it('stores a rich text value sanitised; markdown and plain text are stored as given', async () => {
      const matrix = h.model.fields.handle('contentBlocks')!;
      const text = matrix.blockTypes[0];
      const unsafe =
        '<p>Hi<script>alert(1)</script><img src="x.png" onerror="alert(2)" alt="" /></p>';
      const saved = await h.writer.saveEntry(
        article('rich-text-sanitised', {
          fields: {
            summary: '<b onclick="x">plain</b>',
            body: '<i>markdown</i> [a](/b)',
            contentBlocks: [
              {
                typeId: text.id,
                fields: { text: `${unsafe}<a href="javascript:alert(3)">link</a>` },
              },
            ],
          },
        }),
      );
      const [block] = saved.blocks.get('contentBlocks')!;
      const blockRows = Object.values(await siteRows(block.id));
      expect(blockRows.map((row) => row.fields.text)).toEqual(
        blockRows.map(() => '<p>Hi<img src="x.png" alt="" /></p><a>link</a>'),
      );
      expect(blockRows.length).toBeGreaterThan(0);
      const entryRows = Object.values(await siteRows(saved.id));
      expect(entryRows[0].fields).toMatchObject({
        summary: '<b onclick="x">plain</b>',
        body: '<i>markdown</i> [a](/b)',
      });
    });
  });

  describe('NUL characters', () => {
    it('refuses a NUL in a title or a per-site value as a write error', async () => {
      for (const input of [
        article('nul-title', { title: 'a\u0000b' }),
        article('nul-site', { sites: new Map([[DE, { fields: { summary: 'x\u0000' } }]]) }),
      ]) {
        expect(await writeError(h.writer.saveEntry(input))).toEqual([
          'text cannot contain a NUL character',
        ]);
      }
    });
  });
});
