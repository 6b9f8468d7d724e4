import { article, h, siteRows, writerSuite } from './writer-harness.fixtures';

// Issue 19 (finding 6): rich text reached the database with scripts and handlers intact.
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
});
